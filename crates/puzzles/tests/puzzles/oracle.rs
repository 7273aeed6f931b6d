//! The solvers against an independent brute force.
//!
//! Everything the brute force needs is written again here from RULES.md, sharing no code with
//! the library: boards are 3x3 grids of characters (row 0 = the top rank), pieces move by
//! direction vectors, tasks are matched by rotating character grids, and the search is a plain
//! breadth-first search over grids in a hash set. The library's answers (ranking, move graph,
//! goal bit-sets, cached distance tables, orientation costs, bonus-challenge formula) must agree.

use proptest::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};
use tabula_core::rng::{Rng, seeded};
use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task};
use tabula_puzzles::royal::{Layout, Level, RoyalSolver};

type Grid = [[char; 3]; 3];

fn grid(text: &str) -> Grid {
    let mut g = [['.'; 3]; 3];
    for (r, row) in text.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            g[r][c] = ch;
        }
    }
    g
}

/// Directions and reach of a piece letter: (vectors, max steps, jumps).
fn movement(piece: char, sliding: bool) -> (Vec<(i32, i32)>, i32, bool) {
    let orth = vec![(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let all: Vec<_> = orth.iter().chain(diag.iter()).copied().collect();
    if sliding {
        return (orth, 1, false);
    }
    match piece.to_ascii_uppercase() {
        'R' => (orth, 2, false),
        'B' => (diag, 2, false),
        'Q' => (all, 2, false),
        'K' => (all, 1, false),
        'N' => (
            vec![
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ],
            1,
            true,
        ),
        other => panic!("no piece {other}"),
    }
}

fn successors(g: &Grid, sliding: bool) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..3i32 {
        for c in 0..3i32 {
            let p = g[r as usize][c as usize];
            if p == '.' {
                continue;
            }
            let (dirs, reach, _jumps) = movement(p, sliding);
            for (dr, dc) in dirs {
                for k in 1..=reach {
                    let (nr, nc) = (r + dr * k, c + dc * k);
                    if !(0..3).contains(&nr) || !(0..3).contains(&nc) {
                        break;
                    }
                    if g[nr as usize][nc as usize] != '.' {
                        break; // blocked: line pieces stop; the knight's single step just fails
                    }
                    let mut n = *g;
                    n[nr as usize][nc as usize] = p;
                    n[r as usize][c as usize] = '.';
                    out.push(n);
                }
            }
        }
    }
    out
}

fn rotate_cw(g: &Grid) -> Grid {
    let mut n = [['.'; 3]; 3];
    for r in 0..3 {
        for c in 0..3 {
            n[c][2 - r] = g[r][c];
        }
    }
    n
}

fn mirror_lr(g: &Grid) -> Grid {
    let mut n = *g;
    for row in &mut n {
        row.reverse();
    }
    n
}

fn mirror_tb(g: &Grid) -> Grid {
    [g[2], g[1], g[0]]
}

fn cell_meets(constraint: char, token: char, sliding: bool) -> bool {
    if constraint == '.' {
        return true;
    }
    if token == '.' {
        return false;
    }
    if sliding {
        return token == 'j' || token == constraint;
    }
    if token == 'K' {
        return true;
    }
    match constraint {
        'w' => token.is_ascii_uppercase(),
        'b' => token.is_ascii_lowercase(),
        c => token.to_ascii_uppercase() == c,
    }
}

fn task_met(task: &Grid, board: &Grid, sliding: bool) -> bool {
    let mut t = *task;
    for _ in 0..4 {
        if (0..3).all(|r| (0..3).all(|c| cell_meets(t[r][c], board[r][c], sliding))) {
            return true;
        }
        t = rotate_cw(&t);
    }
    false
}

/// Least moves from `start` to a state accepted by `goal`, exploring at most `cap` depth.
fn bfs<S: Clone + Eq + std::hash::Hash>(
    start: S,
    goal: impl Fn(&S) -> bool,
    next: impl Fn(&S) -> Vec<S>,
) -> Option<usize> {
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0usize)]);
    while let Some((s, d)) = queue.pop_front() {
        if goal(&s) {
            return Some(d);
        }
        for n in next(&s) {
            if seen.insert(n.clone()) {
                queue.push_back((n, d + 1));
            }
        }
    }
    None
}

fn random_task(side: Side, rng: &mut impl Rng) -> Task {
    let letters = side.constraint_letters();
    let n = rng.random_range(1..=6);
    let mut cells = ['.'; 9];
    for _ in 0..n {
        cells[rng.random_range(0..9)] = letters[rng.random_range(0..letters.len())];
    }
    let s: String = cells.iter().collect();
    Task::parse(side, &format!("{}/{}/{}", &s[0..3], &s[3..6], &s[6..9])).unwrap()
}

#[test]
fn checkmates_solver_agrees_with_brute_force() {
    for side in Side::ALL {
        let solver = CheckMatesSolver::new(side);
        let sliding = side == Side::Sliding;
        let mut rng = seeded(99);
        let cases = if sliding { 40 } else { 12 };
        for _ in 0..cases {
            let board = Board::random_setup(side, &mut rng);
            let task = random_task(side, &mut rng);
            let (b, t) = (grid(&board.to_string()), grid(&task.to_string()));
            let expected = bfs(b, |g| task_met(&t, g, sliding), |g| successors(g, sliding));
            let got = solver.distance(&board, &task).map(usize::from);
            assert_eq!(got, expected, "{side} board {board} task {task}");
        }
        // impossible tasks are part of the check too
        let impossible = if sliding {
            "bbb/b../..."
        } else {
            "RRR/R../..."
        };
        let task = Task::parse(side, impossible).unwrap();
        let board = Board::random_setup(side, &mut rng);
        assert_eq!(solver.distance(&board, &task), None);
        assert!(solver.solve(&board, &task).is_none());
    }
}

#[test]
fn royal_level_one_agrees_with_brute_force() {
    let solver = RoyalSolver::new();
    let layouts: Vec<Layout> = solver.layouts().collect();
    let mut rng = seeded(3);
    for _ in 0..25 {
        let a = layouts[rng.random_range(0..layouts.len())];
        let b = layouts[rng.random_range(0..layouts.len())];
        let target = grid(&b.to_string());
        let expected = bfs(
            grid(&a.to_string()),
            |g| *g == target,
            |g| successors(g, false),
        );
        assert_eq!(
            solver.distance(&a, &b).map(usize::from),
            expected,
            "{a} -> {b}"
        );
        let plan = solver.solve(Level::One, &a, &b, None).unwrap();
        assert_eq!(Some(plan.count as usize), expected);
    }
}

/// Card actions allowed at a level, on character grids.
fn card_actions(level: u8) -> Vec<fn(&Grid) -> Grid> {
    let turn_cw: fn(&Grid) -> Grid = rotate_cw;
    let turn_ccw: fn(&Grid) -> Grid = |g| rotate_cw(&rotate_cw(&rotate_cw(g)));
    match level {
        1 => vec![],
        2 => vec![turn_cw, turn_ccw],
        _ => vec![turn_cw, turn_ccw, mirror_lr, mirror_tb],
    }
}

fn level(n: u8) -> Level {
    Level::from_number(u64::from(n)).unwrap()
}

#[test]
fn royal_levels_two_and_three_agree_with_brute_force() {
    let solver = RoyalSolver::new();
    let layouts: Vec<Layout> = solver.layouts().collect();
    let mut rng = seeded(11);
    for lv in [2u8, 3] {
        for _ in 0..8 {
            let a = layouts[rng.random_range(0..layouts.len())];
            let card = layouts[rng.random_range(0..layouts.len())];
            let start = (grid(&a.to_string()), grid(&card.to_string()));
            let actions = card_actions(lv);
            let expected = bfs(
                start,
                |(b, c)| b == c,
                |(b, c)| {
                    let mut v: Vec<(Grid, Grid)> =
                        successors(b, false).into_iter().map(|n| (n, *c)).collect();
                    v.extend(actions.iter().map(|f| (*b, f(c))));
                    v
                },
            );
            let plan = solver.solve(level(lv), &a, &card, None).unwrap();
            assert_eq!(
                Some(plan.count as usize),
                expected,
                "level {lv}: {a} -> {card}"
            );
        }
    }
}

#[test]
fn royal_bonus_challenge_agrees_with_brute_force() {
    let solver = RoyalSolver::new();
    let layouts: Vec<Layout> = solver.layouts().collect();
    let mut rng = seeded(12);
    for (lv, cases) in [(1u8, 6), (2, 2), (3, 2)] {
        for _ in 0..cases {
            let a = layouts[rng.random_range(0..layouts.len())];
            // keep the cards near the board so the four-part search stays small
            let near = |rng: &mut tabula_core::rng::ChaCha8Rng| {
                let mut g = grid(&a.to_string());
                for _ in 0..rng.random_range(2..6) {
                    let s = successors(&g, false);
                    g = s[rng.random_range(0..s.len())];
                }
                let text: Vec<String> = g.iter().map(|r| r.iter().collect()).collect();
                Layout::parse(&text.join("/")).unwrap()
            };
            let (c1, c2) = (near(&mut rng), near(&mut rng));
            let actions = card_actions(lv);
            type State = (Grid, Grid, Grid, bool, bool);
            let settle = |mut s: State| {
                s.3 |= s.0 == s.1;
                s.4 |= s.0 == s.2;
                s
            };
            let start = settle((
                grid(&a.to_string()),
                grid(&c1.to_string()),
                grid(&c2.to_string()),
                false,
                false,
            ));
            let expected = bfs(
                start,
                |s| s.3 && s.4,
                |s: &State| {
                    let mut v: Vec<State> = successors(&s.0, false)
                        .into_iter()
                        .map(|n| settle((n, s.1, s.2, s.3, s.4)))
                        .collect();
                    for f in &actions {
                        v.push(settle((s.0, f(&s.1), s.2, s.3, s.4)));
                        v.push(settle((s.0, s.1, f(&s.2), s.3, s.4)));
                    }
                    v
                },
            );
            let plan = solver.solve(level(lv), &a, &c1, Some(&c2)).unwrap();
            assert_eq!(
                Some(plan.count as usize),
                expected,
                "level {lv}: {a} -> {c1} + {c2}"
            );
        }
    }
}

/// A grid as a number (four bits a square), so the large searches below hash less.
fn key(g: &Grid) -> u64 {
    const TOKENS: &str = ".bgrjRrNnQqK";
    g.iter().flatten().fold(0, |k, &c| {
        k << 4 | TOKENS.find(c).expect("a token of either side") as u64
    })
}

/// Every grid reachable from `start`, by distance: `layers[d]` holds the grids `d` moves away.
fn layers(start: Grid, sliding: bool) -> Vec<Vec<Grid>> {
    let mut seen = HashSet::from([key(&start)]);
    let mut layers = vec![vec![start]];
    loop {
        let mut next = Vec::new();
        for g in layers.last().unwrap() {
            for n in successors(g, sliding) {
                if seen.insert(key(&n)) {
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return layers;
        }
        layers.push(next);
    }
}

/// Hundreds of random tasks on each side: one breadth-first search from each board gives the
/// distance of every board it reaches, and a task's minimum is the first distance at which
/// some reached board meets it (none: impossible).
#[test]
fn checkmates_solver_agrees_with_brute_force_on_hundreds_of_tasks() {
    for side in Side::ALL {
        let solver = CheckMatesSolver::new(side);
        let sliding = side == Side::Sliding;
        let mut rng = seeded(2024);
        // every task on every board: the solver builds one table per task, the brute force
        // one search per board
        let (boards, tasks) = if sliding { (10, 40) } else { (5, 60) };
        let tasks: Vec<Task> = (0..tasks).map(|_| random_task(side, &mut rng)).collect();
        let (mut checked, mut impossible) = (0, 0);
        for _ in 0..boards {
            let board = Board::random_setup(side, &mut rng);
            let by_distance = layers(grid(&board.to_string()), sliding);
            for task in &tasks {
                let t = grid(&task.to_string());
                let expected = by_distance
                    .iter()
                    .position(|layer| layer.iter().any(|g| task_met(&t, g, sliding)));
                let got = solver.distance(&board, task).map(usize::from);
                assert_eq!(got, expected, "{side} board {board} task {task}");
                checked += 1;
                impossible += usize::from(expected.is_none());
            }
        }
        assert!(checked >= 300, "{side}: {checked} cases");
        assert!(
            impossible < checked / 2,
            "{side}: mostly possible tasks ({impossible})"
        );
    }
}

/// The Royal Study's layouts as grids, each with its neighbours by the grid rules above.
struct LayoutGraph {
    grids: Vec<Grid>,
    index: HashMap<Grid, usize>,
    next: Vec<Vec<usize>>,
}

impl LayoutGraph {
    fn new(solver: &RoyalSolver) -> LayoutGraph {
        let grids: Vec<Grid> = solver.layouts().map(|l| grid(&l.to_string())).collect();
        let index: HashMap<Grid, usize> = grids.iter().enumerate().map(|(i, g)| (*g, i)).collect();
        let next = grids
            .iter()
            .map(|g| {
                successors(g, false)
                    .iter()
                    .map(|n| *index.get(n).expect("a move leads to a layout"))
                    .collect()
            })
            .collect();
        LayoutGraph { grids, index, next }
    }

    /// Moves from layout `from` to every layout.
    fn distances(&self, from: usize) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.grids.len()];
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(i) = queue.pop_front() {
            for &n in &self.next[i] {
                if dist[n] == u32::MAX {
                    dist[n] = dist[i] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }
}

/// The orientations a card can be given at `level`, each with the fewest card actions that
/// give it (a breadth-first search over the actions on the card's grid).
fn orientations(card: &Grid, level: u8) -> Vec<(Grid, u32)> {
    let mut cost = HashMap::from([(*card, 0u32)]);
    let mut queue = VecDeque::from([*card]);
    while let Some(g) = queue.pop_front() {
        let c = cost[&g];
        for f in card_actions(level) {
            let n = f(&g);
            if let std::collections::hash_map::Entry::Vacant(e) = cost.entry(n) {
                e.insert(c + 1);
                queue.push_back(n);
            }
        }
    }
    cost.into_iter().collect()
}

/// Hundreds of random Royal Study cases at every level, one card and two, anywhere on the
/// board. A plan completes its cards in some order, each in some orientation; it needs at
/// least the actions that give those orientations and the moves to the first completed layout
/// and on to the second, and that many suffice. The minimum over orders and orientations,
/// from distances by breadth-first search over grids, is the answer.
#[test]
fn royal_study_agrees_with_brute_force_on_hundreds_of_cards() {
    let solver = RoyalSolver::new();
    let g = LayoutGraph::new(&solver);
    let mut rng = seeded(77);
    let layout = |i: usize| -> Layout {
        let text: Vec<String> = g.grids[i].iter().map(|r| r.iter().collect()).collect();
        Layout::parse(&text.join("/")).unwrap()
    };
    for lv in 1..=3u8 {
        for _ in 0..100 {
            let [a, c1, c2] = [0; 3].map(|_| rng.random_range(0..g.grids.len()));
            let mut from: HashMap<usize, Vec<u32>> = HashMap::new();
            let mut dist = |x: usize, y: usize| from.entry(x).or_insert_with(|| g.distances(x))[y];
            let o1 = orientations(&g.grids[c1], lv);
            let o2 = orientations(&g.grids[c2], lv);
            let one = o1
                .iter()
                .map(|(o, cost)| cost + dist(a, g.index[o]))
                .min()
                .unwrap();
            let mut two = u32::MAX;
            for (first, second) in [(&o1, &o2), (&o2, &o1)] {
                for (x, cx) in first {
                    for (y, cy) in second {
                        let (x, y) = (g.index[x], g.index[y]);
                        two = two.min(cx + cy + dist(a, x) + dist(x, y));
                    }
                }
            }
            let (a, c1, c2) = (layout(a), layout(c1), layout(c2));
            let single = solver.solve(level(lv), &a, &c1, None).unwrap();
            assert_eq!(single.count, one, "level {lv}: {a} -> {c1}");
            let double = solver.solve(level(lv), &a, &c1, Some(&c2)).unwrap();
            assert_eq!(double.count, two, "level {lv}: {a} -> {c1} + {c2}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Along every returned solution each move is legal and the remaining distance drops by
    /// exactly one; the last board meets the task in the rotation reported.
    #[test]
    fn checkmates_solutions_descend_one_step_at_a_time(seed in any::<u64>(), chess in any::<bool>()) {
        use std::sync::OnceLock;
        static SOLVERS: OnceLock<[CheckMatesSolver; 2]> = OnceLock::new();
        let solvers = SOLVERS.get_or_init(|| Side::ALL.map(CheckMatesSolver::new));
        let side = if chess { Side::Chess } else { Side::Sliding };
        let solver = &solvers[chess as usize];
        let mut rng = seeded(seed);
        let board = Board::random_setup(side, &mut rng);
        let task = random_task(side, &mut rng);
        match solver.solve(&board, &task) {
            None => prop_assert_eq!(solver.distance(&board, &task), None),
            Some(sol) => {
                let mut d = solver.distance(&board, &task).unwrap();
                prop_assert_eq!(sol.moves.len(), d as usize);
                let mut current = board;
                for m in &sol.moves {
                    current = current.play(*m).expect("solution moves are legal");
                    let next = solver.distance(&current, &task).unwrap();
                    prop_assert_eq!(next + 1, d);
                    d = next;
                }
                prop_assert_eq!(d, 0);
                prop_assert_eq!(current, sol.end);
                prop_assert!(task.transformed(sol.rotation).met_as_shown(&current));
            }
        }
    }

    /// The same for Royal Study plans at every level, with one or two cards: replaying the
    /// plan through the referee completes every card with exactly the plan's count.
    #[test]
    fn royal_plans_replay_to_their_count(seed in any::<u64>(), lv in 1u8..=3, two in any::<bool>()) {
        use std::sync::OnceLock;
        use tabula_puzzles::royal::verify::{Executor, referee};
        static SOLVER: OnceLock<RoyalSolver> = OnceLock::new();
        let solver = SOLVER.get_or_init(RoyalSolver::new);
        let layouts: Vec<Layout> = solver.layouts().collect();
        let mut rng = seeded(seed);
        let mut pick = || layouts[rng.random_range(0..layouts.len())];
        let (board, c1, c2) = (pick(), pick(), pick());
        let cards: Vec<Layout> = if two { vec![c1, c2] } else { vec![c1] };
        let plan = solver.solve(level(lv), &board, &c1, two.then_some(&c2)).unwrap();
        let report = referee(level(lv), &board, &cards, plan.count, Executor::Announcer, &plan.steps);
        prop_assert!(report.success, "{:?}", report);
        prop_assert_eq!(report.count, plan.count);
        prop_assert_eq!(report.unused_steps, 0);
        prop_assert!(report.all_completed && report.illegal.is_none());
        prop_assert_eq!(report.completed.len(), cards.len());
        // a challenger must do better than the announcement: the optimum itself is not enough
        let challenger = referee(level(lv), &board, &cards, plan.count, Executor::Challenger, &plan.steps);
        prop_assert!(!challenger.success);
    }
}
