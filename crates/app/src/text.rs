//! Plain-text helpers shared by the domain (level names, command words) and the message
//! catalogue; nothing here knows a language beyond its letters.

/// Folds Czech letters to ASCII (`zpět` → `zpet`), so command words are accepted with and
/// without diacritics.
pub fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' => 'a',
            'č' => 'c',
            'ď' => 'd',
            'é' | 'ě' => 'e',
            'í' => 'i',
            'ň' => 'n',
            'ó' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' => 'u',
            'ý' => 'y',
            'ž' => 'z',
            c => c,
        })
        .collect()
}
