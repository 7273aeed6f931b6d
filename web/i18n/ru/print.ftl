# Print and play: the download on the Check Mates and Royal Study pages, and the words printed on the deck's sheets (tabula-deck).

print-title = Распечатай и играй
print-lead = Распечатайте колоду, чтобы играть за столом, а жетоны и поле вырежьте. На каждой карте указана её точная сложность, вычисленная решателем.
print-download = Скачать колоду (PDF)
print-help = Печатайте на обеих сторонах листа с переворотом по длинному краю, в натуральную величину (100 %), затем режьте по меткам обреза.
print-sheet-cards = { $game } · { $count ->
    [one] карта { $first }
   *[other] карты { $first }–{ $last }
  } · { $face } · страница { $page } из { $pages }
print-sheet-tokens = { $game } · жетоны и поле · страница { $page } из { $pages }
print-sheet-token-backs = { $game } · обороты жетонов · страница { $page } из { $pages }
print-face-front = лицевые стороны
print-face-back = рубашки
print-card = № { $n }
print-cm-difficulty = Точно: от новой раскладки в среднем { $mean } хода, в худшем случае { $max } { $max ->
    [one] ход
    [few] хода
   *[many] ходов
  }
print-royal-difficulty = Точное число ходов от любой позиции:
print-royal-level = уровень { $level }: в среднем { $mean }, в худшем случае { $max }
print-board = Поле
print-tokens-cm = Жетоны: вырежьте по пунктиру. Цветная сторона на этой странице, шахматная — на обороте.
print-tokens-royal = Фигуры: вырежьте по пунктиру. На обороте та же фигура.
print-rules = Правила вкратце
print-made = Колода { $seed }, составлена Tabula: каждое задание решено точно.
