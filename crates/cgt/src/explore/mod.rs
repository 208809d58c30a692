//! `cgt explore`: a page on 127.0.0.1 to see and play any position `eval`
//! reads. The page's files are inside the binary ([`api`] embeds
//! `assets/`: `index.html`, `app.js`, `style.css`, plain HTML, CSS and
//! JavaScript modules with no build step); [`server`] reads the requests
//! within their bounds and refuses foreign ones; [`api`] answers them,
//! each computation in a store of its own that it can stop, by
//! `cgt_lab::explore`, the code the Python module's notebook widget asks
//! too.

pub mod api;
pub mod server;
