mod bindings;
pub use bindings::*;
