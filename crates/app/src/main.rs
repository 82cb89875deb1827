//! The browser entry point: mount the app on the page's body.

fn main() {
    koma_app::start();
}
