//! grundy-serve's tests: the API against the library and the oracles, bad requests, a load test,
//! and the page in a real headless browser.

mod api;
mod bad_requests;
mod browser;
mod load;
mod support;
