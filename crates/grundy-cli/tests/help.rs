//! `--help`: every subcommand's help opens with the description `grundy --help` lists for it,
//! and shows its own usage, although its arguments are only built when it is used.

use crate::run::{grundy, stdout};

#[test]
fn every_subcommand_describes_itself() {
    let top = grundy(&["--help"], "");
    assert!(top.status.success());
    let listed: Vec<(String, String)> = stdout(&top)
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.trim().split_once(' ').map(|(name, about)| (name.into(), about.trim().into())))
        .filter(|(name, _)| name != "help")
        .collect();
    assert!(listed.len() >= 10, "subcommands listed: {listed:?}");
    for (name, about) in listed {
        let help = grundy(&[&name, "--help"], "");
        assert!(help.status.success(), "{name} --help");
        let text = stdout(&help);
        assert_eq!(text.lines().next(), Some(about.as_str()), "{name} --help opens with its description");
        assert!(text.contains(&format!("Usage: grundy {name} ")), "{name} --help shows its usage:\n{text}");
        assert!(text.contains("-h, --help"), "{name} --help lists its options:\n{text}");
    }
}
