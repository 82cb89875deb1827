//! How long a search runs: limits of depth, nodes and time, and the caller's clock. The engine
//! reads no clock of its own (none exists in wasm32 without the web): it asks
//! [`Control::elapsed_ms`] every 1024 nodes, so it runs the same in a Web Worker, and a search
//! by nodes alone is the same on every run.

/// How long to search: whichever limit comes first (none: until stopped, up to the deepest
/// depth).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies.
    pub depth: Option<u32>,
    /// Nodes visited.
    pub nodes: Option<u64>,
    /// Milliseconds, by the caller's clock.
    pub time_ms: Option<u64>,
    /// Root moves not searched (an analysis's lines already found, as USI's `searchmoves`
    /// names the others).
    pub skip: Vec<koma_rules::Move>,
}

impl Limits {
    /// Both limits: the smaller of each, every skipped move skipped.
    pub fn min(&self, other: &Limits) -> Limits {
        fn m<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) => x,
                (None, y) => y,
            }
        }
        Limits {
            depth: m(self.depth, other.depth),
            nodes: m(self.nodes, other.nodes),
            time_ms: m(self.time_ms, other.time_ms),
            skip: self.skip.iter().chain(&other.skip).copied().collect(),
        }
    }
}

/// The caller's clock and stop flag.
pub trait Control {
    /// Milliseconds since the search began.
    fn elapsed_ms(&self) -> u64;
    /// Whether the search must stop now (a `stop` command, a page closed).
    fn should_stop(&self) -> bool {
        false
    }
}

/// No clock: time limits never end a search (use node limits).
pub struct NoClock;

impl Control for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// Whether a search that has visited `nodes` must stop: its node limit reached, or (asked every
/// 1024 nodes) the caller's stop or its time limit.
pub(crate) fn must_stop(nodes: u64, limits: &Limits, control: &dyn Control) -> bool {
    limits.nodes.is_some_and(|n| nodes >= n)
        || (nodes & 1023 == 0
            && (control.should_stop() || limits.time_ms.is_some_and(|t| control.elapsed_ms() >= t)))
}
