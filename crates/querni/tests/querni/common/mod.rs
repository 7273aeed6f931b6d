//! Helpers shared by the integration tests.

/// The position notation of a grid (`grid[rank][file]`, rank 0 = rank 1; `.` empty, `A`-`P`
/// blue, `a`-`p` red), the side to move (`'b'` or `'r'`) and the quiet-turn count.
pub fn notation(grid: &[[char; 10]; 7], turn: char, quiet: u8) -> String {
    let mut text = String::new();
    for (i, row) in grid.iter().rev().enumerate() {
        let mut empty = 0;
        for &c in row {
            if c == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(c);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if i < 6 {
            text.push('/');
        }
    }
    format!("{text} {turn} {quiet}")
}
