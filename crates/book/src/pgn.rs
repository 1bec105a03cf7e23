//! A streaming, tolerant PGN reader: tags and the main line's move tokens, game by game.
//!
//! Written for book building, where files are large and messy: it skips comments (`{…}`, `;…`,
//! `%…` lines), variations, NAGs and annotation glyphs, accepts CRLF and Latin-1 text (tag values
//! that are not UTF-8 are decoded as Latin-1), and never fails on malformed text. A new tag
//! section or a result token ends a game even when the other is missing. A comment or variation
//! left open ends at the next game's tag section (a `[` that starts a line after a blank line) or
//! at the end of the input, and the broken game says so in [`PgnGame::error`], so that one
//! missing `}` or `)` costs one game, not the rest of the file. Only I/O errors are errors.
//! Moves are returned as text; turning them into moves (SAN) is the caller's job.
//!
//! Why not the `pgn-reader` crate: its visitor API is fast, but we need little more than the
//! main line's tokens and the tolerance rules above, which take ~200 lines here, keep the
//! dependency tree small, and let us mirror Polyglot's tokenizer where that matters.

use std::io::{self, Read};

/// One game as read from the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Main-line move tokens (SAN as written, without move numbers or annotations), at most
    /// the reader's move limit.
    pub moves: Vec<String>,
    /// The main line's `{…}` comments: (how many of [`PgnGame::moves`] come before it, its text
    /// trimmed), each cut to [`MAX_COMMENT_BYTES`]. Comments inside variations and `;` comments
    /// are not kept.
    pub comments: Vec<(usize, String)>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub termination: Option<String>,
    /// The 1-based line where the game starts (for messages).
    pub line: u64,
    /// Why the game could not be read to its end: a comment or variation that is never closed
    /// (its moves are then incomplete; callers skip such a game).
    pub error: Option<String>,
}

impl PgnGame {
    /// The value of a tag (tag names compared exactly, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

const BUF_SIZE: usize = 1 << 16;

/// A kept comment's longest text (the rest is read and dropped): a comment is a note for people,
/// and a file of one endless comment must not fill the memory.
pub const MAX_COMMENT_BYTES: usize = 4096;

/// Reads games one by one from any byte stream.
pub struct PgnReader<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    bytes_read: u64,
    line: u64,
    at_line_start: bool,
    /// Whether the current line has held only whitespace so far, and whether the line before
    /// it did: a `[` at a line start after a blank line begins a new game.
    line_blank: bool,
    prev_line_blank: bool,
    max_moves: usize,
}

fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/')
}

impl<R: Read> PgnReader<R> {
    /// A reader of `inner` with its own 64 KiB buffer (no need to wrap it in a `BufReader`)
    /// and no move limit.
    pub fn new(inner: R) -> PgnReader<R> {
        PgnReader {
            inner,
            buf: vec![0; BUF_SIZE].into_boxed_slice(),
            pos: 0,
            end: 0,
            bytes_read: 0,
            line: 1,
            at_line_start: true,
            line_blank: true,
            prev_line_blank: true,
            max_moves: usize::MAX,
        }
    }

    /// Keep at most `n` main-line moves per game (the rest is still read past, faster).
    pub fn with_max_moves(mut self, n: usize) -> PgnReader<R> {
        self.max_moves = n;
        self
    }

    /// Bytes consumed so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.end {
            self.pos = 0;
            self.end = loop {
                match self.inner.read(&mut self.buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if self.end == 0 {
                return Ok(None);
            }
        }
        Ok(Some(self.buf[self.pos]))
    }

    fn bump(&mut self) {
        let b = self.buf[self.pos];
        self.pos += 1;
        self.bytes_read += 1;
        if b == b'\n' {
            self.line += 1;
            self.prev_line_blank = self.line_blank;
            self.line_blank = true;
        } else if !b.is_ascii_whitespace() {
            self.line_blank = false;
        }
        self.at_line_start = b == b'\n';
    }

    /// Whether the next byte is a `[` that starts a line after a blank line: the tag section
    /// of a new game, where an unclosed comment or variation is given up.
    fn at_next_game(&mut self) -> io::Result<bool> {
        Ok(self.at_line_start && self.prev_line_blank && self.peek()? == Some(b'['))
    }

    /// Reads a `{…}` comment after its `{`, its first [`MAX_COMMENT_BYTES`] bytes into `text`
    /// when given; false when it is not closed before the next game's tag section (left unread)
    /// or the end of the input.
    fn skip_comment(&mut self, mut text: Option<&mut Vec<u8>>) -> io::Result<bool> {
        loop {
            if self.at_next_game()? {
                return Ok(false);
            }
            match self.next_byte()? {
                Some(b'}') => return Ok(true),
                Some(b) => {
                    if let Some(t) = text.as_deref_mut().filter(|t| t.len() < MAX_COMMENT_BYTES) {
                        t.push(b);
                    }
                }
                None => return Ok(false),
            }
        }
    }

    fn next_byte(&mut self) -> io::Result<Option<u8>> {
        let b = self.peek()?;
        if b.is_some() {
            self.bump();
        }
        Ok(b)
    }

    fn skip_until(&mut self, stop: u8) -> io::Result<()> {
        while let Some(b) = self.next_byte()? {
            if b == stop {
                break;
            }
        }
        Ok(())
    }

    fn read_symbol(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        out.clear();
        while let Some(b) = self.peek()? {
            if !is_symbol_byte(b) {
                break;
            }
            out.push(b);
            self.bump();
        }
        Ok(())
    }

    /// Reads a tag after its `[`; malformed tags are skipped to the end of the line.
    fn read_tag(&mut self, game: &mut PgnGame) -> io::Result<()> {
        let mut name = Vec::new();
        while let Some(b) = self.peek()? {
            if b == b' ' || b == b'\t' {
                self.bump();
            } else {
                break;
            }
        }
        self.read_symbol(&mut name)?;
        let mut value = Vec::new();
        let mut in_string = false;
        while let Some(b) = self.peek()? {
            if b == b'\n' {
                break;
            }
            self.bump();
            if in_string {
                match b {
                    b'\\' => {
                        if let Some(c) = self.peek()?.filter(|&c| c == b'"' || c == b'\\') {
                            value.push(c);
                            self.bump();
                        } else {
                            value.push(b);
                        }
                    }
                    b'"' => in_string = false,
                    _ => value.push(b),
                }
            } else if b == b'"' {
                in_string = true;
            } else if b == b']' {
                break;
            }
        }
        if !name.is_empty() {
            let value = decode_text(&value);
            let value = value.trim_end_matches('\r').to_string();
            game.tags.push((decode_text(&name), value));
        }
        Ok(())
    }

    /// The next game, or `None` at the end of the input.
    ///
    /// # Errors
    /// Only I/O errors of the underlying reader.
    pub fn next_game(&mut self) -> io::Result<Option<PgnGame>> {
        let mut game = PgnGame::default();
        let mut started = false;
        let mut in_movetext = false;
        let mut depth = 0u32;
        let mut variation_line = 0; // where the outermost open variation starts
        let mut symbol = Vec::new();
        loop {
            let Some(b) = self.peek()? else {
                if depth > 0 {
                    game.error = Some(format!(
                        "variation '(' at line {variation_line} not closed before the end of the input"
                    ));
                }
                let empty = game.tags.is_empty() && game.moves.is_empty() && game.error.is_none();
                return Ok((started && !empty).then_some(game));
            };
            if depth > 0 && self.at_next_game()? {
                game.error = Some(format!(
                    "variation '(' at line {variation_line} not closed before the next game \
                     (line {})",
                    self.line
                ));
                return Ok(Some(game));
            }
            if !started && !b.is_ascii_whitespace() {
                started = true;
                game.line = self.line;
            }
            match b {
                b'%' if self.at_line_start => self.skip_until(b'\n')?,
                b'[' if in_movetext && depth == 0 => return Ok(Some(game)),
                b'[' => {
                    self.bump();
                    if in_movetext {
                        // A bracket inside a variation: not a tag; ignore it.
                    } else {
                        self.read_tag(&mut game)?;
                    }
                }
                b'{' => {
                    let line = self.line;
                    self.bump();
                    let mut text = Vec::new();
                    let closed = self.skip_comment((depth == 0).then_some(&mut text))?;
                    // A text cut at the limit may end inside a character: drop that part.
                    let text = match std::str::from_utf8(&text) {
                        Err(e) if e.error_len().is_none() => decode_text(&text[..e.valid_up_to()]),
                        _ => decode_text(&text),
                    };
                    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    if closed && !text.is_empty() {
                        game.comments.push((game.moves.len(), text));
                    }
                    if !closed {
                        let end = match self.peek()? {
                            Some(_) => format!("the next game (line {})", self.line),
                            None => "the end of the input".to_string(),
                        };
                        game.error =
                            Some(format!("comment '{{' at line {line} not closed before {end}"));
                        return Ok(Some(game));
                    }
                }
                b';' => self.skip_until(b'\n')?,
                b'(' => {
                    if depth == 0 {
                        variation_line = self.line;
                    }
                    self.bump();
                    in_movetext = true;
                    depth += 1;
                }
                b')' => {
                    self.bump();
                    depth = depth.saturating_sub(1);
                }
                b'*' => {
                    self.bump();
                    in_movetext = true;
                    if depth == 0 {
                        game.termination = Some("*".to_string());
                        return Ok(Some(game));
                    }
                }
                b'$' => {
                    self.bump();
                    while self.peek()?.is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ if b.is_ascii_alphanumeric() => {
                    in_movetext = true;
                    self.read_symbol(&mut symbol)?;
                    if symbol.iter().all(u8::is_ascii_digit) {
                        continue; // a move number; its dots are skipped below
                    }
                    let is_result = matches!(&symbol[..], b"1-0" | b"0-1" | b"1/2-1/2");
                    if depth > 0 {
                        continue;
                    }
                    let text = String::from_utf8_lossy(&symbol).into_owned();
                    if is_result {
                        game.termination = Some(text);
                        return Ok(Some(game));
                    }
                    if game.moves.len() < self.max_moves {
                        game.moves.push(text);
                    }
                }
                // Whitespace, '.', '!', '?', stray ']' and any other byte (Latin-1 text
                // outside comments, a byte-order mark) carry nothing for us.
                _ => self.bump(),
            }
        }
    }
}

impl<R: Read> Iterator for PgnReader<R> {
    type Item = io::Result<PgnGame>;

    fn next(&mut self) -> Option<io::Result<PgnGame>> {
        self.next_game().transpose()
    }
}

/// UTF-8 if valid, otherwise Latin-1 (every byte is the code point of the same value).
pub fn decode_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8]) -> Vec<PgnGame> {
        PgnReader::new(text).map(|g| g.unwrap()).collect()
    }

    #[test]
    fn comments_variations_nags_and_crlf() {
        let pgn = b"[Event \"Test \\\"quoted\\\"\"]\r\n[Result \"1-0\"]\r\n\r\n\
            {intro} 1. e4 $1 e5!? (1... c5 2. Nf3 (2. c3) d6) 2. Nf3; comment to eol\r\n\
            2... Nc6 {a [bracket] in a comment} 3.Bb5 a6?! 1-0\r\n\r\n\
            [Event \"Second\"]\n1. d4 d5 *\n";
        let games = read_all(pgn);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Test \"quoted\""));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        // Main-line comments are kept with their place; variations' and `;` ones are not.
        let comments = [(0, "intro".to_string()), (4, "a [bracket] in a comment".to_string())];
        assert_eq!(games[0].comments, comments);
        assert_eq!(games[0].termination.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves, ["d4", "d5"]);
        assert_eq!(games[1].line, 7);
    }

    #[test]
    fn a_long_comment_is_cut_at_the_limit_on_a_character_boundary() {
        let long = "é".repeat(MAX_COMMENT_BYTES);
        let pgn = format!("1. e4 {{{long}}} e5 {{ two\n  lines }} *\n");
        let games = read_all(pgn.as_bytes());
        assert_eq!(games[0].moves, ["e4", "e5"]);
        let (at, text) = &games[0].comments[0];
        assert_eq!((*at, text.len()), (1, MAX_COMMENT_BYTES));
        assert!(text.chars().all(|c| c == 'é'));
        assert_eq!(games[0].comments[1], (2, "two lines".to_string()));
    }

    #[test]
    fn missing_result_and_latin1() {
        let pgn = b"[White \"M\xfcller\"]\n1. e4 e5\n[White \"B\"]\n1. d4\n";
        let games = read_all(pgn);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("M\u{fc}ller"));
        assert_eq!(games[0].moves, ["e4", "e5"]);
        assert_eq!(games[0].termination, None);
        assert_eq!(games[1].moves, ["d4"]);
    }

    #[test]
    fn move_limit_and_escape_lines() {
        let pgn = b"% escape line [ignored]\n1. e4 e5 2. Nf3 Nc6 1/2-1/2";
        let games: Vec<_> =
            PgnReader::new(&pgn[..]).with_max_moves(2).map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["e4", "e5"]);
        assert_eq!(games[0].termination.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn unclosed_variation_or_comment_recovers_at_the_next_game() {
        let pgn = b"[Event \"1\"]\n\n1. e4 ( e5 2. Nf3 *\n\n[Event \"2\"]\n\n1. d4 d5 *\n\n\
            [Event \"3\"]\r\n\r\n1. c4 {no end 2. Nf3\r\n\r\n[Event \"4\"]\r\n\r\n1. Nf3 *";
        let games = read_all(pgn);
        let events: Vec<_> = games.iter().map(|g| g.tag("Event").unwrap()).collect();
        assert_eq!(events, ["1", "2", "3", "4"]);
        let err = games[0].error.as_deref().unwrap();
        assert_eq!(err, "variation '(' at line 3 not closed before the next game (line 5)");
        assert_eq!(games[0].moves, ["e4"]);
        assert_eq!(games[1].error, None);
        assert_eq!(games[1].moves, ["d4", "d5"]);
        let err = games[2].error.as_deref().unwrap();
        assert_eq!(err, "comment '{' at line 11 not closed before the next game (line 13)");
        assert_eq!(games[3].error, None);
        assert_eq!(games[3].moves, ["Nf3"]);
        // A blank line and a bracket inside a closed comment or variation are no new game.
        let fine = b"1. e4 {a\n\n see [comment]} e5 (1... c5\n\n2. Nf3) 2. Nf3 *";
        let games = read_all(fine);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].error, None);
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
        // Left open at the end of the input.
        for (text, what) in [
            (&b"1. e4 (1. d4"[..], "variation '(' at line 1"),
            (b"1. e4 {", "comment '{' at line 1"),
        ] {
            let games = read_all(text);
            assert_eq!(games.len(), 1);
            let err = games[0].error.as_deref().unwrap();
            assert_eq!(err, format!("{what} not closed before the end of the input"));
        }
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = crate::BookRng::seeded(5);
        let alphabet = b"[]{}()\"\\;%$!?.*-/ \n\r\t0123456789abcdefghNBRQKOx+#=\xe9\xff";
        for len in 0..400 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        if rng.next_u64().is_multiple_of(4) {
                            rng.next_u64() as u8
                        } else {
                            alphabet[(rng.next_u64() % alphabet.len() as u64) as usize]
                        }
                    })
                    .collect();
                let mut n = 0;
                for g in PgnReader::new(&bytes[..]) {
                    assert!(g.is_ok());
                    n += 1;
                    assert!(n <= len + 1, "must make progress");
                }
            }
        }
    }
}
