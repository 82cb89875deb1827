//! A network packed small: the form the engine carries its built-in networks in.
//!
//! The text file ([`super::net`]) is what `koma train` writes and people read and diff. Built
//! into the engine, its words would be most of the worker's wasm (700 KB of digits), and
//! reading them at the first evaluation means parsing some 200,000 numbers. Packed, the file is
//! the game id (a length byte and its letters), the five header numbers (inputs, `hidden`,
//! `hidden2`, scale, unit) as little-endian `f32`, then each weight, a whole number of the
//! unit's parts, as a zigzag LEB128 varint: one byte from -64 to 63, two to ±8,191; most of a
//! network's weights take one or two bytes where the text takes three to six. A weight unpacked
//! is the same `f32` the text gives (whole numbers below 2^24 are exact).
//!
//! The build script (`build.rs`) packs `shogi.net` and `minishogi.net` with [`pack`];
//! [`super::net::Net::read`] packs the text it is given and reads the result, so the text has
//! one reader and its errors one wording. This file is shared with the build script, so it
//! uses `std` alone.

/// What the five header numbers are, named in errors.
const HEADER: [&str; 5] = [
    "the inputs",
    "the first layer's width",
    "the second layer's width",
    "the scale",
    "the unit",
];

/// Pack a network's text (see [`super::net`]'s docs for the words).
///
/// # Errors
/// What is wrong, named: the first word, the game id, a header number, a weight that is not a
/// whole number.
pub fn pack(text: &str) -> Result<Vec<u8>, String> {
    let mut words = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace);
    if words.next() != Some("koma-net") {
        return Err("not a network: it starts with `koma-net`".into());
    }
    let game = words.next().unwrap_or_default();
    let mut out = Vec::with_capacity(text.len() / 2);
    let length =
        u8::try_from(game.len()).map_err(|_| format!("a game id of {} bytes", game.len()))?;
    out.push(length);
    out.extend_from_slice(game.as_bytes());
    for what in HEADER {
        let word = words
            .next()
            .ok_or_else(|| format!("it ends before {what}"))?;
        let x = word
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{what}: {word:?} is not a number"))?;
        out.extend_from_slice(&x.to_le_bytes());
    }
    for (i, word) in words.enumerate() {
        let x: i64 = word
            .parse()
            .map_err(|_| format!("weight {}: {word:?} is not a whole number", i + 1))?;
        let mut z = ((x << 1) ^ (x >> 63)) as u64;
        while z >= 0x80 {
            out.push((z & 0x7f) as u8 | 0x80);
            z >>= 7;
        }
        out.push(z as u8);
    }
    Ok(out)
}

/// A packed network opened: its game id and header numbers, and its weights to read in order.
#[derive(Clone, Debug)]
pub struct Packed<'a> {
    /// The game id as written.
    pub game: &'a str,
    /// Inputs, `hidden`, `hidden2`, scale and unit.
    pub header: [f32; 5],
    /// The weights' varints.
    rest: &'a [u8],
}

/// Open packed bytes.
///
/// # Errors
/// Bytes too short for the game id and the header, or a game id that is not UTF-8.
pub fn unpack(bytes: &[u8]) -> Result<Packed<'_>, String> {
    let short = || "packed network: too short for its header".to_string();
    let (&length, rest) = bytes.split_first().ok_or_else(short)?;
    let (game, rest) = rest.split_at_checked(length as usize).ok_or_else(short)?;
    let game = std::str::from_utf8(game).map_err(|_| "packed network: a game id not in UTF-8")?;
    let (numbers, rest) = rest.split_at_checked(4 * HEADER.len()).ok_or_else(short)?;
    let mut header = [0.0; 5];
    for (x, b) in header.iter_mut().zip(numbers.chunks_exact(4)) {
        *x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    Ok(Packed { game, header, rest })
}

impl Iterator for Packed<'_> {
    type Item = i64;

    /// The next weight; none at the end (or at a varint cut short or over 64 bits).
    fn next(&mut self) -> Option<i64> {
        let mut z: u64 = 0;
        for (i, &b) in self.rest.iter().enumerate().take(10) {
            z |= u64::from(b & 0x7f) << (7 * i);
            if b < 0x80 {
                self.rest = &self.rest[i + 1..];
                return Some((z >> 1) as i64 ^ -((z & 1) as i64));
            }
        }
        self.rest = &[];
        None
    }
}

impl Packed<'_> {
    /// Whether the weights are all read.
    pub fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_of_every_size_come_back_and_bad_words_are_named() {
        let weights = [
            0,
            1,
            -1,
            63,
            -64,
            64,
            -65,
            8191,
            -8192,
            23744,
            i64::MAX,
            i64::MIN,
        ];
        let words: Vec<String> = weights.iter().map(i64::to_string).collect();
        let text = format!(
            "# a comment\nkoma-net minishogi 10 2 1 100.5 8192\n{}\n",
            words.join(" ")
        );
        let bytes = pack(&text).unwrap();
        let packed = unpack(&bytes).unwrap();
        assert_eq!(packed.game, "minishogi");
        assert_eq!(packed.header, [10.0, 2.0, 1.0, 100.5, 8192.0]);
        assert_eq!(packed.collect::<Vec<_>>(), weights);
        // one byte each from -64 to 63
        assert_eq!(
            pack("koma-net g 1 1 1 1 1 5 -5 63 -64").unwrap().len(),
            2 + 20 + 4
        );
        assert_eq!(
            pack("koma-net g 1 1 1 1 1 5 2.5").unwrap_err(),
            "weight 2: \"2.5\" is not a whole number"
        );
        assert_eq!(
            pack("koma-net g 1 1 1 x").unwrap_err(),
            "the scale: \"x\" is not a number"
        );
        assert_eq!(
            pack("koma-net g 1").unwrap_err(),
            "it ends before the first layer's width"
        );
        assert!(pack("1 2 3").is_err());
        assert!(unpack(&bytes[..10]).is_err());
        // a varint cut short ends the weights
        let mut cut = unpack(&bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(cut.by_ref().count(), weights.len() - 1);
        assert!(cut.is_done());
    }
}
