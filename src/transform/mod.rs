//! Transformations: each proposes an order or a storage change, which is kept only
//! when `analysis` accepts it, and says what it did as a typed `decision::Decision`.
//! The automatic search (`search`, with isl's scheduler and the alternatives `tune`
//! times), the user's requests (`requested`), tiling (`tiling`, with the cache model and
//! skewing), storage (`storage`: expansion and privatization, `contraction` of temporaries, `forwarding` of scalars into cells), parallel loops (`parallel`, with arrays each thread copies in `last_private`), the cells kept in
//! locals of the generated code (`registers`); `rewrites` are the
//! schedule-tree rewrites they share and `cost` the locality model that ranks orders.

pub mod contraction;
pub mod cost;
pub mod decision;
pub mod forwarding;
pub mod last_private;
pub mod obstacle;
pub mod parallel;
pub mod products;
pub mod registers;
pub mod requested;
pub mod rewrites;
pub mod search;
pub mod splitting;
pub mod storage;
pub mod tiling;
