//! The network's arithmetic checked against itself: symmetry, lazy updates against sums from
//! scratch, the file format's checks, and the integers against the floats they came from.

use super::stack::NetStack;
use super::*;
use crate::engine::test_fen::colours_swapped;
use crate::geometry::Mini;
use crate::position::Position;
use tabula_core::rng::{Rng, seeded};

/// A float network with random weights of about the size training gives.
fn random_float(seed: u64) -> FloatNetwork {
    random_float_buckets(seed, 1)
}

/// The same with `buckets` output buckets, each with weights of its own.
fn random_float_buckets(seed: u64, buckets: usize) -> FloatNetwork {
    let mut rng = seeded(seed);
    let mut net = FloatNetwork::zeros(HIDDEN, buckets);
    let mut fill = |v: &mut Vec<f32>, spread: f32| {
        v.iter_mut()
            .for_each(|w| *w = rng.random_range(-spread..spread));
    };
    fill(&mut net.rows, 0.15);
    fill(&mut net.bias, 0.3);
    fill(&mut net.out, 0.5);
    fill(&mut net.out_bias, 0.05);
    net
}

fn random_net(seed: u64) -> Network {
    Network::from_bytes(&random_float(seed).to_bytes()).expect("a random network loads")
}

/// Positions of random games of Fairy-Stockfish's QuickChess (captures, promotions, checks).
fn random_positions(seed: u64, games: usize) -> Vec<Vec<Position<Mini>>> {
    let variant = Variant::parse("quickchess-fsf").expect("variant");
    let mut rng = seeded(seed);
    (0..games)
        .map(|_| {
            let mut pos = Position::<Mini>::start(variant).expect("start");
            let mut line = vec![pos];
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.0.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(moves.0[rng.random_range(0..moves.0.len())]);
                line.push(pos);
            }
            line
        })
        .collect()
}

/// The position with colours swapped and the board mirrored top to bottom.
fn flipped(pos: &Position<Mini>) -> Position<Mini> {
    Position::<Mini>::from_fen(pos.variant(), &colours_swapped(&pos.fen()))
        .expect("a mirrored position")
}

#[test]
fn a_position_and_its_colour_flipped_mirror_score_the_same() {
    let net = random_net(1);
    let mut differ = 0;
    for line in random_positions(2, 20) {
        for pos in line {
            let mirror = flipped(&pos);
            assert_eq!(net.evaluate(&pos), net.evaluate(&mirror), "{}", pos.fen());
            differ += usize::from(net.evaluate(&pos) != -net.evaluate(&mirror));
        }
    }
    // the test means something only if the scores are not all alike
    assert!(differ > 100, "{differ}");
}

#[test]
fn lazy_updates_along_random_games_equal_sums_from_scratch() {
    let net = random_net(3);
    let mut stack = NetStack::new(100);
    let mut rng = seeded(4);
    for line in random_positions(5, 30) {
        stack.clear();
        for (ply, pos) in line.iter().enumerate() {
            stack.enter(ply, &pos.colors, &pos.roles);
            // evaluate some plies only, so updates span several moves
            if rng.random_range(0..3) == 0 || ply + 1 == line.len() {
                let lazy = *stack.accumulator(&net, ply);
                assert_eq!(lazy, net.refresh(&pos.colors, &pos.roles), "{}", pos.fen());
            }
        }
        // back up the path and down another branch, as the search does
        let back = line.len() / 2;
        let pos = line[back].play_unchecked(line[back].legal_moves().0[0]);
        stack.enter(back + 1, &pos.colors, &pos.roles);
        assert_eq!(
            *stack.accumulator(&net, back + 1),
            net.refresh(&pos.colors, &pos.roles)
        );
    }
    assert!(stack.updates > 10 * stack.refreshes);
}

/// The score of `pos` worked out one neuron at a time in 64-bit integers, from the
/// definition (sums of the rows of the position's features, the squared clipped activation
/// rounded to 1/256, the output weights), without the accumulators or any vector code.
fn score_one_neuron_at_a_time(net: &Network, pos: &Position<Mini>) -> i32 {
    let pieces = (pos.colors[0] | pos.colors[1]).count_ones() as usize;
    let b = bucket(pieces, net.buckets());
    let mut sum = 0i64;
    for (side, view) in [pos.turn, pos.turn.other()].into_iter().enumerate() {
        let inputs = features(pos, view);
        for n in 0..HIDDEN {
            let hidden = i64::from(net.bias[n])
                + inputs
                    .iter()
                    .map(|&i| i64::from(net.rows[i][n]))
                    .sum::<i64>();
            let clipped = hidden.clamp(0, i64::from(QA));
            sum += ((clipped * clipped + 128) >> 8) * i64::from(net.out[b][side][n]);
        }
    }
    let raw = sum * 256 / i64::from(QA) + i64::from(net.out_bias[b]);
    let cp = raw * i64::from(SCALE) / i64::from(QA * QB);
    cp.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
}

/// The accumulator updates and the output layer are built for several instruction sets and
/// one is picked at run time (`network.rs`); whichever ran here must give the definition's
/// score to the unit.
#[test]
fn the_vector_arithmetic_gives_the_score_worked_one_neuron_at_a_time() {
    for (seed, buckets) in [(11, 1), (12, 4)] {
        let net = Network::from_bytes(&random_float_buckets(seed, buckets).to_bytes())
            .expect("a random network loads");
        let mut differ = 0;
        for line in random_positions(seed + 100, 10) {
            for pos in &line {
                let score = net.evaluate(pos);
                assert_eq!(
                    score,
                    score_one_neuron_at_a_time(&net, pos),
                    "{}",
                    pos.fen()
                );
                differ += usize::from(score != 0);
            }
        }
        assert!(differ > 100, "{differ}");
    }
}

#[test]
fn integers_agree_with_the_floats_they_were_rounded_from() {
    for buckets in [1, 4] {
        integers_agree_with_floats(&random_float_buckets(6, buckets));
    }
}

fn integers_agree_with_floats(float: &FloatNetwork) {
    let net = Network::from_bytes(&float.to_bytes()).expect("loads");
    assert_eq!(net.buckets(), float.buckets);
    let (mut worst, mut total, mut spread, mut n) = (0f32, 0f32, 0f32, 0);
    for line in random_positions(7, 10) {
        for pos in line {
            let (ours, theirs) = (features(&pos, pos.turn), features(&pos, !pos.turn));
            let exact = float.evaluate(&ours, &theirs);
            let int = net.evaluate(&pos) as f32;
            assert!(exact.abs() < LIMIT as f32, "{exact}");
            worst = worst.max((exact - int).abs());
            total += (exact - int).abs();
            spread += exact.abs();
            n += 1;
        }
    }
    let (mean, size) = (total / n as f32, spread / n as f32);
    // rounding the hidden weights to 1/255 moves each sum a little, and the output weights
    // (about 0.3 here, across 256 neurons) carry that to a few centipawns
    assert!(
        mean < 6.0 && worst < 25.0,
        "mean difference {mean}, largest {worst}, mean score {size}"
    );
    assert!(size > 100.0, "the scores are spread: {size}");
}

#[test]
fn the_embedded_network_loads_and_covers_quickchess_only() {
    assert!(embedded().is_ok(), "{:?}", embedded().err());
    // the shipped network names the commands that made it, its training command last
    let made_by = &embedded().expect("loads").made_by;
    let last = made_by.lines().last().unwrap_or("");
    assert!(last.starts_with("nnue_train --out v3.nnue "), "{made_by}");
    assert!(
        made_by.lines().any(|l| l.starts_with("nnue_datagen ")),
        "{made_by}"
    );
    let fsf = Variant::parse("quickchess-fsf").expect("variant");
    let pos = Position::<Mini>::start(fsf).expect("start");
    assert!(evaluate(&pos).is_some());
    assert!(covers(Variant::QUICKCHESS));
    for name in ["chess", "power-pawns", "mean-queens", "quickchess+blasters"] {
        assert!(!covers(Variant::parse(name).expect("variant")), "{name}");
    }
}

#[test]
fn damaged_or_foreign_files_are_refused_with_a_reason() {
    let good = random_float(8).to_bytes();
    assert!(Network::from_bytes(&good).is_ok());
    assert_eq!(Network::from_bytes(b"hello"), Err(NetError::Magic));
    let mut other = good.clone();
    other[0] = b'X';
    assert_eq!(Network::from_bytes(&other), Err(NetError::Magic));
    let mut version = good.clone();
    version[8] = 9;
    assert_eq!(
        Network::from_bytes(&version),
        Err(NetError::Version { found: 9 })
    );
    let wider = FloatNetwork::zeros(HIDDEN * 2, 1).to_bytes();
    assert!(matches!(
        Network::from_bytes(&wider),
        Err(NetError::Shape {
            what: "number of hidden neurons",
            ..
        })
    ));
    assert!(matches!(
        Network::from_bytes(&good[..good.len() - 1]),
        Err(NetError::Length { .. })
    ));
    // the number of output buckets: 1 to 8 (the checksum comes after, so it is read first)
    for buckets in [0u32, 9] {
        let mut odd = good.clone();
        odd[32..36].copy_from_slice(&buckets.to_le_bytes());
        assert_eq!(Network::from_bytes(&odd), Err(NetError::Buckets(buckets)));
    }
    let mut flipped = good.clone();
    flipped[1000] ^= 0x10;
    assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
    // the errors say what is wrong in words
    let text = NetError::Checksum.to_string();
    assert!(text.contains("damaged"), "{text}");
}

#[test]
fn weights_that_could_overflow_are_refused() {
    let mut big = random_float(9);
    big.rows.iter_mut().for_each(|w| *w = 100.0);
    assert_eq!(
        Network::from_bytes(&big.to_bytes()),
        Err(NetError::Overflow("hidden-layer sums"))
    );
    // output weights at the clip: an overflow only if enough of them can add up
    let mut wide = random_float(10);
    wide.out.iter_mut().for_each(|w| *w = float::OUT_CLIP);
    let largest = 2 * HIDDEN as i64 * i64::from(i16::MAX) * 255;
    let read = Network::from_bytes(&wide.to_bytes());
    if largest > i64::from(i32::MAX) {
        assert_eq!(read, Err(NetError::Overflow("output sum")));
    } else {
        assert!(read.is_ok());
    }
}

#[test]
fn a_round_trip_through_the_file_keeps_every_weight() {
    let net = random_net(11);
    assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net));
}

#[test]
fn output_buckets_cut_the_pieces_from_two_to_twenty_evenly() {
    for buckets in 1..=MAX_BUCKETS {
        let chosen: Vec<usize> = (0..=30).map(|pieces| bucket(pieces, buckets)).collect();
        assert!(chosen.windows(2).all(|w| w[0] <= w[1]), "{chosen:?}");
        assert_eq!(chosen[2], 0);
        assert_eq!(chosen[20], buckets - 1);
        // every bucket scores some number of pieces from two to twenty
        for b in 0..buckets {
            assert!(chosen[2..=20].contains(&b), "{buckets}: {chosen:?}");
        }
    }
}

#[test]
fn a_network_copied_into_buckets_scores_as_before_and_buckets_choose_by_pieces() {
    let one = random_float(14);
    let four = one.with_buckets(4);
    let (net1, net4) = (
        Network::from_bytes(&one.to_bytes()).expect("loads"),
        Network::from_bytes(&four.to_bytes()).expect("loads"),
    );
    assert_eq!(net4.buckets(), 4);
    let mut differs = four.clone();
    // the last bucket alone changed: only boards of its piece counts score differently
    let last = 3 * 2 * HIDDEN;
    differs.out[last..].iter_mut().for_each(|w| *w = -*w);
    let net_differs = Network::from_bytes(&differs.to_bytes()).expect("loads");
    let (mut same, mut changed) = (0, 0);
    for line in random_positions(15, 6) {
        for pos in line {
            assert_eq!(net1.evaluate(&pos), net4.evaluate(&pos));
            let pieces = (pos.colors[0] | pos.colors[1]).count_ones() as usize;
            if bucket(pieces, 4) == 3 {
                changed += usize::from(net_differs.evaluate(&pos) != net4.evaluate(&pos));
            } else {
                assert_eq!(net_differs.evaluate(&pos), net4.evaluate(&pos));
                same += 1;
            }
        }
    }
    assert!(same > 0 && changed > 0, "{same} {changed}");
}

#[test]
fn an_integer_network_read_back_as_floats_quantises_to_itself() {
    // the shipped network too: a network kept without its float file can be trained on
    for net in [
        random_net(13),
        (**embedded().expect("the shipped network")).clone(),
    ] {
        let float = FloatNetwork::from_network(&net);
        assert_eq!(float.made_by, net.made_by);
        assert_eq!(Network::from_bytes(&float.to_bytes()), Ok(net));
    }
}

#[test]
fn the_file_names_the_commands_that_made_it() {
    let mut float = random_float(12);
    float.made_by = "nnue_train --out v.nnue gen0.bin\n  data gen0.bin: ünïcode kept".into();
    let net = Network::from_bytes(&float.to_bytes()).expect("loads");
    assert_eq!(net.made_by, float.made_by);
    assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net.clone()));
    // a text past the limit is cut at a character's edge when written
    float.made_by = "é".repeat(format::MADE_BY_MAX);
    let cut = Network::from_bytes(&float.to_bytes())
        .expect("loads")
        .made_by;
    assert_eq!(cut.len(), format::MADE_BY_MAX);
    assert!(cut.chars().all(|c| c == 'é'));
    // a length past the limit, or text that is not UTF-8, is refused
    let mut long = net.to_bytes();
    long[36..40].copy_from_slice(&(format::MADE_BY_MAX as u32 + 1).to_le_bytes());
    assert_eq!(
        Network::from_bytes(&long),
        Err(NetError::MadeBy("longer than 16 KiB"))
    );
    let mut foreign = net.to_bytes();
    foreign[40] = 0xff;
    let n = foreign.len() - 8;
    let sum = format::checksum(&foreign[..n]);
    foreign[n..].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&foreign),
        Err(NetError::MadeBy("not UTF-8"))
    );
}

/// Files of the earlier formats are still read, with the same weights and one output
/// bucket: version 2 (no number of buckets) and version 1 (no `made by` text either).
#[test]
fn files_of_versions_1_and_2_read_with_one_bucket() {
    let mut net = random_net(13);
    net.made_by = "nnue_train --out v.nnue gen0.bin".into();
    let v3 = net.to_bytes();
    let n = u32::from_le_bytes(v3[36..40].try_into().unwrap()) as usize;
    let older = |version: u32, from: usize| {
        let mut bytes = v3[..32].to_vec();
        bytes[8..12].copy_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&v3[from..v3.len() - 8]);
        let sum = format::checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    };
    let v2 = Network::from_bytes(&older(2, 36)).expect("a version 2 file loads");
    assert_eq!(v2, net);
    let v1 = Network::from_bytes(&older(1, 40 + n)).expect("a version 1 file loads");
    assert_eq!(v1.made_by, "");
    assert_eq!(
        Network {
            made_by: String::new(),
            ..net
        },
        v1
    );
}

/// The trained network has learnt what material is worth: a side a queen or a rook up is
/// rated well ahead whoever is to move, and the same position with the move passed to the
/// other side is rated the other way round. (A network of random weights fails this.)
#[test]
fn the_embedded_network_rates_a_piece_up_as_winning() {
    let fsf = Variant::parse("quickchess-fsf").expect("variant");
    // the start position less one black piece: White is that piece up
    for (fen, least) in [
        ("n1kbr/ppppp/5/5/PPPPP/NQKBR w - - 0 1", 400),
        ("nqkb1/ppppp/5/5/PPPPP/NQKBR w - - 0 1", 200),
    ] {
        let white = Position::<Mini>::from_fen(fsf, fen).expect("fen");
        let black = Position::<Mini>::from_fen(fsf, &fen.replace(" w ", " b ")).expect("fen");
        let (w, b) = (
            evaluate(&white).expect("covered"),
            evaluate(&black).expect("covered"),
        );
        assert!(
            w >= least,
            "{fen}: {w} for White to move, expected at least {least}"
        );
        assert!(
            -b >= least,
            "{fen}: {b} for Black to move, expected at most {}",
            -least
        );
    }
}
