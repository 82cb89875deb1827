//! Seat tokens and game ids: random bits from the operating system, written in hex. A seat's
//! token is a capability (whoever holds the link holds the seat), so only its SHA-256 is
//! stored; a game's id is public (the watch link names it).

use sha2::{Digest, Sha256};

/// A token's length in bytes: 128 bits.
const TOKEN_BYTES: usize = 16;
/// A game id's length in bytes.
const ID_BYTES: usize = 8;

fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new seat token (32 hex digits).
///
/// # Errors
/// The operating system gave no random bits.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<TOKEN_BYTES>()
}

/// A new game id (16 hex digits).
///
/// # Errors
/// The operating system gave no random bits.
pub fn new_id() -> Result<String, getrandom::Error> {
    random_hex::<ID_BYTES>()
}

/// The stored form of a token: its SHA-256, hex.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `t` has the form of a token (so that no other text reaches the database).
pub fn is_token(t: &str) -> bool {
    t.len() == 2 * TOKEN_BYTES && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Whether `id` has the form of a game id (so that no other text reaches the database).
pub fn is_id(id: &str) -> bool {
    id.len() == 2 * ID_BYTES && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_128_bit_hex_and_stored_hashed() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), a);
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(is_id(&new_id().unwrap()));
        assert!(!is_id("../etc/passwd"));
        assert!(!is_id("ABCDEF0123456789"));
    }
}
