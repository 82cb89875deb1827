//! **The file** (`koma train` writes it): `#` comment lines, then the words `koma-net`, the
//! game id, the inputs, `hidden`, `hidden2`, the scale and the unit, then every weight as a
//! whole number of units' parts (a weight of 1 is written as the unit; so the file is a third
//! the size of one with decimals and is exact when read back): the first layer by input
//! (`hidden + 1` each), its biases, the second layer by unit (`2 * hidden` each), its biases,
//! the output's weights and its bias ([`Net::read`]). The engine carries its built-in networks
//! packed, a third of the text's size ([`crate::eval::packed`], [`Net::unpacked`]).

use koma_rules::Position;

use super::*;

impl Net {
    /// The network in `text` (see the module's docs) for `pos`'s game.
    ///
    /// # Errors
    /// What is wrong, named: the header, another game, a word that is not a number, the count.
    pub fn read(text: &str, pos: &Position) -> Result<Net, String> {
        Net::unpacked(&super::super::packed::pack(text)?, pos)
    }

    /// The network packed in `bytes` ([`crate::eval::packed`]) for `pos`'s game.
    ///
    /// # Errors
    /// What is wrong, named: the header, another game, the count.
    pub fn unpacked(bytes: &[u8], pos: &Position) -> Result<Net, String> {
        let mut packed = super::super::packed::unpack(bytes)?;
        if packed.game != pos.game().to_string() {
            return Err(format!(
                "a network for {:?}, not {}",
                packed.game,
                pos.game()
            ));
        }
        let [n_inputs, hidden, hidden2, scale, unit] = packed.header;
        let (n_inputs, hidden, hidden2) = (n_inputs as usize, hidden as usize, hidden2 as usize);
        if unit < 1.0 {
            return Err(format!("a unit of {unit}: 1 or more"));
        }
        // the count says whether the kings' zones and the threats are among them
        let plain = Inputs::of(pos);
        let shapes = [(false, false), (true, false), (false, true), (true, true)];
        let Some(&(zone, threats)) = shapes
            .iter()
            .find(|&&(z, t)| plain.with_zone(z).with_threats(t).len() == n_inputs)
        else {
            return Err(format!(
                "{n_inputs} inputs; {} takes {} ({} with the kings' zones, {} with the threats, \
                 {} with both)",
                pos.game(),
                plain.len(),
                plain.with_zone(true).len(),
                plain.with_threats(true).len(),
                plain.with_zone(true).with_threats(true).len()
            ));
        };
        let mut net = Net::zeroed(pos, hidden, hidden2, zone, threats)?;
        net.scale = scale;
        for (i, x) in net.weights_mut().into_iter().enumerate() {
            let w = packed
                .next()
                .ok_or_else(|| format!("it ends before weight {}", i + 1))?;
            *x = w as f32 / unit;
        }
        if !packed.is_done() {
            return Err("more weights than the shape takes".into());
        }
        Ok(net)
    }

    /// The network as text (see the module's docs), after `comment`'s lines, each weight
    /// rounded to the nearest [`UNIT`]th.
    pub fn write(&self, comment: &str) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        for line in comment.lines() {
            let _ = writeln!(text, "# {line}");
        }
        let _ = writeln!(
            text,
            "koma-net {} {} {} {} {} {UNIT}",
            self.game,
            self.inputs.len(),
            self.hidden,
            self.hidden2,
            self.scale
        );
        let mut copy = self.clone();
        let all: Vec<f32> = copy.weights_mut().into_iter().map(|x| *x).collect();
        for row in all.chunks(self.hidden + 1) {
            let row: Vec<String> = row
                .iter()
                .map(|x| format!("{}", (x * UNIT).round() as i64))
                .collect();
            let _ = writeln!(text, "{}", row.join(" "));
        }
        text
    }
}
