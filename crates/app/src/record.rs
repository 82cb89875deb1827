//! Records out of the browser: SFEN of the position, the USI move list, KIF (boards up to 9x9).
//! Reading them back is the rules crate's [`koma_rules::loading::load`]: a malformed record gets
//! a message naming what is wrong and the game in progress is not touched.

use crate::problem::Problem;
use std::rc::Rc;

use koma_rules::record::{Record, has_kif};
use koma_rules::tree::{NodeId, Tree};
use koma_rules::{Game, GameId, RuleOptions, kif, notation};
use yew::Callback;
use yew::events::Event;

/// The export formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// The current position.
    Sfen,
    /// `position sfen <start> moves ...`.
    Usi,
    /// A KIF game record.
    Kif,
    /// A KI2 game record.
    Ki2,
}

/// The game as text in `format`.
pub fn export(game: &Game, format: Format) -> String {
    let v = game.position().variant();
    match format {
        Format::Sfen => notation::write_position(game.position()),
        Format::Usi => {
            let moves: Vec<String> = game
                .moves()
                .iter()
                .map(|&m| notation::write_move(v, m))
                .collect();
            let mut s = format!("position sfen {}", notation::write_position(game.start()));
            if !moves.is_empty() {
                s += " moves ";
                s += &moves.join(" ");
            }
            s
        }
        Format::Kif => {
            let mut r = Record::new(game.start().clone(), game.moves().to_vec());
            r.ending = game
                .outcome()
                .and_then(|o| koma_rules::record::Ending::of(o.reason));
            kif::write_kif(&r)
        }
        Format::Ki2 => kif::write_ki2(&Record::new(game.start().clone(), game.moves().to_vec())),
    }
}

/// A tree of variations as text in `format`: KIF and KI2 with every variation; USI the line
/// through `node` (the moves to it and its main continuation); SFEN the position at `node`.
pub fn export_tree(tree: &Tree, node: NodeId, options: RuleOptions, format: Format) -> String {
    match format {
        Format::Kif => kif::write_kif(&tree.to_record()),
        Format::Ki2 => kif::write_ki2(&tree.to_record()),
        Format::Sfen | Format::Usi => {
            let mut game = Game::from_position(tree.start().clone(), options);
            let line = match format {
                Format::Usi => tree.line_through(node),
                _ => tree.path(node),
            };
            for n in line {
                if let Some(m) = tree.mv(n)
                    && game.play(m).is_err()
                {
                    break;
                }
            }
            export(&game, format)
        }
    }
}

/// Read a record or a position into a tree: KIF and KI2 with their variations, else whatever
/// [`koma_rules::loading::load`] reads (its main line).
///
/// # Errors
/// What is wrong with the text.
pub fn load_tree(game: GameId, options: RuleOptions, bytes: &[u8]) -> Result<Tree, Problem> {
    let text = kif::decode(bytes).map_err(Problem::Kif)?;
    let ki2 = text
        .lines()
        .any(|l| l.trim_start().starts_with(['▲', '△', '☗', '☖']));
    if has_kif(game) && text.contains("変化") {
        let r = if ki2 {
            kif::read_ki2(game, bytes)
        } else {
            kif::read_kif(game, bytes)
        }
        .map_err(Problem::Kif)?;
        return Tree::from_record(&r).map_err(|i| Problem::Variation(i + 1));
    }
    let g = koma_rules::loading::load(game, options, bytes).map_err(Problem::Load)?;
    Ok(Tree::from_line(g.start().clone(), g.moves()))
}

/// What reads a record's bytes (a file's, a pasted text's).
pub type Loader = Rc<dyn Fn(&[u8])>;

thread_local! {
    /// The file being read: kept here, not in the input's handler, which a re-render replaces
    /// (dropping a read in progress would cancel it). A new choice replaces the last.
    static READING: std::cell::RefCell<Option<gloo::file::callbacks::FileReader>> =
        const { std::cell::RefCell::new(None) };
}

/// A file's bytes as UTF-8: as they are when they are UTF-8, else read as Shift_JIS (the
/// encoding of KIF files from desktop programs) by the browser's own `TextDecoder`. The rules
/// crate is built here without its Shift_JIS tables (see its `shift-jis` feature); bytes that
/// are neither are passed on as they are, for the rules to name the fault.
fn utf8(bytes: Vec<u8>) -> Vec<u8> {
    if std::str::from_utf8(&bytes).is_ok() {
        return bytes;
    }
    let options = web_sys::TextDecoderOptions::new();
    options.set_fatal(true);
    web_sys::TextDecoder::new_with_label_and_options("shift_jis", &options)
        .and_then(|d| d.decode_with_u8_array(&bytes))
        .map(String::into_bytes)
        .unwrap_or(bytes)
}

/// A file input's change handler: the file chosen is read and its bytes given to `load`.
pub fn file_input(load: Loader) -> Callback<Event> {
    use wasm_bindgen::JsCast;
    Callback::from(move |e: Event| {
        let Some(file) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0))
        else {
            return;
        };
        let load = load.clone();
        let task = gloo::file::callbacks::read_as_bytes(&file.into(), move |r| {
            if let Ok(bytes) = r {
                load(&utf8(bytes));
            }
        });
        READING.with(|r| *r.borrow_mut() = Some(task));
    })
}
