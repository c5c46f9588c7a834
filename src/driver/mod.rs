//! Drives the stages per region (`pipeline`: failures isolated, the file spliced) and
//! turns reports into the `explain` text.

pub mod explain;
pub mod options;
pub mod pipeline;
mod stages;
