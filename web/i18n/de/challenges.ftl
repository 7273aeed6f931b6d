# Herausforderungen: der Dialog, der jemanden herausfordert, und die Glocke oben.
challenge-button = Herausfordern
challenge-title = { $name } herausfordern
challenge-side = Deine Seite
challenge-sideRandom = Beliebig
challenge-sideFirst = Zieht zuerst
challenge-sideSecond = Zieht als Zweites
challenge-ratedLabel = Gewertet (die Partie ändert die Wertungszahl)
challenge-send = Herausforderung senden
challenge-sent = Herausforderung an { $name } gesendet.
challenge-incoming = { $name } fordert dich heraus: sieh in der Glocke nach.
challenge-bell = { $count ->
    [0] Herausforderungen: keine wartet
    [one] Herausforderungen: eine wartet
   *[other] Herausforderungen: { $count } warten
}
challenge-title-list = Herausforderungen
challenge-none = Keine Herausforderungen. Fordere jemanden auf seinem Profil oder in deiner Freundesliste heraus.
challenge-from = { $name } fordert dich heraus
challenge-to = Du forderst { $name } heraus
challenge-rated = gewertet
challenge-casual = ungewertet
challenge-accept = Annehmen
challenge-decline = Ablehnen
challenge-cancel = Zurückziehen
challenge-play = Spielen
challenge-close = Schließen
challenge-status-accepted = angenommen
challenge-status-declined = abgelehnt
challenge-status-cancelled = zurückgezogen
challenge-status-expired = abgelaufen
