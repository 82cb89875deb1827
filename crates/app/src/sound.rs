//! Sounds for a move, a capture and a check, made by the Web Audio API (oscillators, no sound
//! files: nothing to download, so they work offline as the rest of the app does). Off until the
//! player switches them on (the play screen's `data-action="sound"` button, kept in the
//! settings); browsers start audio only after a press on the page, which switching them on is.
//!
//! A move is a short low knock, a capture two knocks, a check a higher double tone.

use std::cell::RefCell;

/// What a sound announces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A piece moved or was dropped.
    Move,
    /// A piece was taken.
    Capture,
    /// A royal is in check.
    Check,
}

impl Sound {
    /// The tones: (frequency in Hz, start and length in seconds).
    fn tones(self) -> &'static [(f32, f64, f64)] {
        match self {
            Sound::Move => &[(190.0, 0.0, 0.07)],
            Sound::Capture => &[(170.0, 0.0, 0.06), (240.0, 0.07, 0.07)],
            Sound::Check => &[(660.0, 0.0, 0.09), (880.0, 0.1, 0.12)],
        }
    }
}

thread_local! {
    static CONTEXT: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Play `sound` (nothing happens where the browser has no Web Audio).
pub fn play(sound: Sound) {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = web_sys::AudioContext::new().ok();
        }
        if let Some(ctx) = c.as_ref() {
            // a context made before any press starts suspended
            let _ = ctx.resume();
            for &(freq, at, len) in sound.tones() {
                let _ = tone(ctx, freq, at, len);
            }
        }
    });
}

fn tone(
    ctx: &web_sys::AudioContext,
    freq: f32,
    at: f64,
    len: f64,
) -> Result<(), wasm_bindgen::JsValue> {
    let now = ctx.current_time() + at;
    let osc = ctx.create_oscillator()?;
    osc.set_type(web_sys::OscillatorType::Triangle);
    osc.frequency().set_value(freq);
    let gain = ctx.create_gain()?;
    // a quick attack and a fall, so that it knocks instead of beeping
    gain.gain().set_value_at_time(0.0, now)?;
    gain.gain()
        .linear_ramp_to_value_at_time(0.35, now + 0.005)?;
    gain.gain()
        .exponential_ramp_to_value_at_time(0.001, now + len)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(now)?;
    osc.stop_with_when(now + len + 0.02)?;
    Ok(())
}
