//! grundy-serve's tests: the API against the library and the oracles (misère play and scripts
//! too), bad requests, a load test,
//! over-long work stopped at the time bound, and the page in a real headless browser.

mod api;
mod bad_requests;
mod browser;
mod deadline;
mod forms;
mod load;
mod support;
