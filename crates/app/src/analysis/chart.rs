//! The evaluation graph as text: a pure function from values to lines, drawn with braille
//! characters (2 × 4 dots a character), for `vidle analyse` and the terminal board.

/// The dot of braille cell column `x` (0–1) and row `y` (0–3), as Unicode numbers them.
const DOTS: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// Draws `values` (White's winning chances, −1 to 1, one a position) as an area that grows up
/// from a middle line when White stands better and down when Black does, in `height` lines of
/// `width` characters. The values are spread evenly over the `2 · width` dot columns (each
/// value over several columns when there are few, every n-th value when there are many); a
/// value near 0 still shows one dot beside the middle line, so the line is always seen.
pub fn braille_chart(values: &[f64], width: usize, height: usize) -> Vec<String> {
    let cols = 2 * width;
    let rows = 4 * height;
    let mid = rows / 2;
    let mut cells = vec![vec![0u8; width]; height];
    if !values.is_empty() {
        for x in 0..cols {
            let v = values[x * values.len() / cols];
            let v = if v.is_finite() { v.clamp(-1.0, 1.0) } else { 0.0 };
            let k = ((v.abs() * mid as f64).round() as usize).max(1);
            let dots = if v >= 0.0 { mid.saturating_sub(k)..mid } else { mid..(mid + k).min(rows) };
            for y in dots {
                cells[y / 4][x / 2] |= DOTS[x % 2][y % 4];
            }
        }
    }
    cells
        .iter()
        .map(|row| {
            row.iter().map(|&b| char::from_u32(0x2800 + u32::from(b)).unwrap_or(' ')).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_by_hand() {
        // One character, one line: +1 fills the left column's upper half, −1 the right
        // column's lower half: dots 1, 2, 6, 8 = 0x01 | 0x02 | 0x20 | 0x80.
        assert_eq!(braille_chart(&[1.0, -1.0], 1, 1), ["\u{28a3}"]);
        // Zero: one dot just above the middle line in each column (dots 2 and 5).
        assert_eq!(braille_chart(&[0.0], 1, 1), ["\u{2812}"]);
        // Two lines: +0.5 reaches 2 of the 4 dots above the middle (the lower half of the
        // upper character), −1 all 4 below.
        let lines = braille_chart(&[0.5, -1.0], 1, 2);
        assert_eq!(lines, ["\u{2844}", "\u{28b8}"]);
    }

    #[test]
    fn sizes_and_sampling() {
        let values: Vec<f64> = (0..101).map(|i| (f64::from(i) / 50.0 - 1.0).sin()).collect();
        let lines = braille_chart(&values, 30, 5);
        assert_eq!(lines.len(), 5);
        assert!(lines.iter().all(|l| l.chars().count() == 30));
        // The first value is negative (only dots below the middle), the last positive.
        assert_eq!(lines[0].chars().next(), Some('\u{2800}'));
        assert_ne!(lines[4].chars().next(), Some('\u{2800}'));
        assert_ne!(lines[0].chars().last(), Some('\u{2800}'));
        assert_eq!(lines[4].chars().last(), Some('\u{2800}'));
        // Nothing to draw, or odd values: blank or clamped, never a panic.
        assert_eq!(braille_chart(&[], 3, 1), ["\u{2800}\u{2800}\u{2800}"]);
        assert_eq!(braille_chart(&[f64::NAN, 7.0], 1, 1), ["\u{281a}"]);
        assert!(braille_chart(&[0.3], 0, 0).is_empty());
    }
}
