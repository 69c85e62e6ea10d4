//! `grundy serve`: with the `serve` feature it prints its URL and serves the page there (and
//! warns when it listens beyond loopback); without it, it says how to build it in.

#[cfg(feature = "serve")]
mod with_the_feature {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;
    use std::process::{Child, Command, Stdio};

    /// `grundy serve ARGS`, killed when dropped, and the first `lines` lines of its standard error.
    struct Server(Child);

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    fn serve(args: &[&str], lines: usize) -> (Server, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("serve")
            .args(args)
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let said = (0..lines)
            .map(|_| {
                let mut line = String::new();
                stderr.read_line(&mut line).unwrap();
                line
            })
            .collect();
        (Server(child), said)
    }

    /// The page at `url` (`http://host:port/`): status line and body.
    fn fetch(url: &str) -> String {
        let host = url.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(host).unwrap();
        write!(stream, "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    }

    #[test]
    fn it_prints_its_url_and_serves_the_page_there() {
        let (_server, said) = serve(&["--port", "0"], 1);
        let url = said[0]
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("{said:?}"));
        let page = fetch(url);
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
        assert!(page.contains("<title>grundy explorer</title>"), "{page}");
    }

    #[test]
    fn listening_beyond_loopback_is_warned_about() {
        let (_server, said) = serve(&["--port", "0", "--bind", "0.0.0.0"], 2);
        assert!(said[0].starts_with("grundy: warning: listening on 0.0.0.0"), "{said:?}");
        assert!(said[1].contains("http://0.0.0.0:"), "{said:?}");
    }
}

#[cfg(not(feature = "serve"))]
#[test]
fn without_the_feature_it_says_how_to_build_it_in() {
    let out = crate::run::run(crate::run::Bin::Grundy, &["serve"], crate::run::Stdin::Null);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--features serve"), "{out:?}");
}
