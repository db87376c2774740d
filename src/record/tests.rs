use super::*;
use crate::geometry::MAX_SIDE;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn gomoku(w: usize, h: usize) -> Geometry {
    Geometry::new(w, h, 5).unwrap()
}

/// A random rule that `g` can be played under (renju only with five in a row).
fn random_rule(rng: &mut StdRng, g: Geometry) -> Rule {
    let rules: Vec<Rule> = Rule::ALL
        .into_iter()
        .filter(|&r| r != Rule::Renju || g.run() == crate::rule::RENJU_RUN)
        .collect();
    rules[rng.gen_range(0..rules.len())]
}

/// A random game on `g` under a random rule: random legal moves until the game ends or `len`
/// moves are made.
fn random_game(rng: &mut StdRng, g: Geometry, len: usize) -> Game {
    let start = if rng.gen() { Player::X } else { Player::O };
    let rule = random_rule(rng, g);
    let mut game = Game::new_under(g, rule, start);
    while game.moves().len() < len {
        let legal: Vec<Cell> = game.state().legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        game.play_in_place(legal[rng.gen_range(0..legal.len())])
            .unwrap();
    }
    game
}

fn random_geometry(rng: &mut StdRng) -> Geometry {
    let w = rng.gen_range(1..=MAX_SIDE);
    let h = rng.gen_range(1..=MAX_SIDE);
    let k = rng.gen_range(1..=w.max(h));
    Geometry::new(w, h, k).unwrap()
}

/// The cell of Piskvork's 1-based `x,y` on a board `w` wide, computed independently of `Geometry`.
fn cell_of(x: usize, y: usize, w: usize) -> Cell {
    (y - 1) * w + x
}

#[test]
fn a_psq_we_write_is_read_back_move_for_move() {
    let mut rng = StdRng::seed_from_u64(17);
    for i in 0..400 {
        let g = if i % 4 == 0 {
            gomoku(15, 15)
        } else {
            random_geometry(&mut rng)
        };
        let len = rng.gen_range(0..=g.cells());
        let game = random_game(&mut rng, g, len);
        let n = game.moves().len();
        let mut record = Record::new(game);
        record.times = (0..n).map(|_| rng.gen_range(0..100_000)).collect();
        record.levels = [rng.gen_range(0..=11), rng.gen_range(0..=11)];
        record.result = Some([0, -1, -2, 15][rng.gen_range(0..4)]);
        if rng.gen() {
            record.names = Some(["pbrain-rapfi.exe".into(), person_name(Player::O).into()]);
        }
        let text = write_psq(&record);
        let (back, format) = parse(&text, Geometry::LED).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(format, Format::Psq);
        assert_eq!(back, record, "{text}");
        assert_eq!(back.game.moves(), record.game.moves());
        // And as plain text with LF line ends.
        let (lf, _) = parse(&text.replace("\r\n", "\n"), Geometry::LED).unwrap();
        assert_eq!(lf, record);
    }
}

#[test]
fn a_cell_file_we_write_is_read_back_move_for_move() {
    let mut rng = StdRng::seed_from_u64(18);
    for _ in 0..300 {
        let g = random_geometry(&mut rng);
        let len = rng.gen_range(0..=g.cells());
        let mut game = random_game(&mut rng, g, len);
        if game.start() == Player::O {
            // A cell file's first move is x's.
            let mut again = Game::new_under(g, game.rule(), Player::X);
            for &c in game.moves() {
                if again.play_in_place(c).is_err() {
                    break;
                }
            }
            game = again;
        }
        let record = Record::new(game);
        let text = write_cells(&record);
        let (back, format) = parse(&text, Geometry::LED).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(format, Format::Cells);
        assert_eq!(back, record, "{text}");
    }
}

#[test]
fn a_gomoku_game_is_written_exactly_as_piskvork_writes_it() {
    let g = gomoku(15, 15);
    // x at h8 (8,8), o at i9 (9,9), x at 1,1 (cell 1), o at 15,15 (the last cell).
    let game = Game::from_cells(
        g,
        Player::X,
        &[cell_of(8, 8, 15), cell_of(9, 9, 15), 1, 225],
    )
    .unwrap();
    let mut record = Record::new(game);
    record.times = vec![0, 1523, 7, 60000];
    record.levels = [piskvork_level(5000), 0];
    record.names = Some(["pbrain-rapfi.exe".into(), "homo-2".into()]);
    record.result = Some(RESULT_FINISHED);
    assert_eq!(
        write_psq(&record),
        "Piskvorky 15x15, 7:0, 0\r\n8,8,0\r\n9,9,1523\r\n1,1,7\r\n15,15,60000\r\n\
         pbrain-rapfi.exe\r\nhomo-2\r\n0\r\n"
    );
    // Without names and result (a save from Piskvork's menu writes -1), o starting.
    let o_first = Record::new(Game::from_cells(g, Player::O, &[113]).unwrap());
    assert_eq!(
        write_psq(&o_first),
        "Piskvorky 15x15, 0:0, 1\r\n8,8,0\r\n-1\r\n"
    );
}

#[test]
fn a_game_piskvork_cannot_play_gets_its_board_line_after_the_result() {
    let g = Geometry::new(7, 6, 4).unwrap();
    let record = Record::new(Game::from_cells(g, Player::X, &[4, 11]).unwrap());
    assert_eq!(
        write_psq(&record),
        "Piskvorky 7x6, 0:0, 0\r\n4,1,0\r\n4,2,0\r\n-1\r\n7x6 k4 freestyle\r\n"
    );
}

#[test]
fn piskvork_levels_follow_its_time_table() {
    assert_eq!(piskvork_level(0), 1);
    assert_eq!(piskvork_level(100), 1);
    assert_eq!(piskvork_level(299), 1);
    assert_eq!(piskvork_level(300), 2);
    assert_eq!(piskvork_level(1000), 4);
    assert_eq!(piskvork_level(59_999), 10);
    assert_eq!(piskvork_level(60_000), 11);
    assert_eq!(piskvork_level(u32::MAX), 11);
}

/// Files as Piskvork writes them: a tournament game (names, result), a save from the menu (-1), a
/// command-line game; CR LF or LF; moves with or without their time.
#[test]
fn files_written_the_way_piskvork_writes_them_are_read() {
    let tournament = "Piskvorky 15x15, 11:11, 1\r\n8,8,1000\r\n9,8,2000\r\n8,9,0\r\n\
                      pbrain-embryo.exe\r\npbrain-yixin.exe\r\n0\r\n";
    let (r, f) = parse(tournament, Geometry::LED).unwrap();
    assert_eq!(f, Format::Psq);
    assert_eq!(r.game.geometry(), gomoku(15, 15));
    assert_eq!(r.game.start(), Player::O);
    assert_eq!(
        r.game.moves(),
        [cell_of(8, 8, 15), cell_of(9, 8, 15), cell_of(8, 9, 15)]
    );
    assert_eq!(r.game.state().occupant(cell_of(8, 8, 15)), Some(Player::O));
    assert_eq!(r.times, [1000, 2000, 0]);
    assert_eq!(r.levels, [11, 11]);
    assert_eq!(
        r.names,
        Some([
            "pbrain-embryo.exe".to_string(),
            "pbrain-yixin.exe".to_string()
        ])
    );
    assert_eq!(r.result, Some(0));
    assert_eq!(r.game.rule(), Rule::Freestyle);

    let menu = "Piskvorky 10x12, 0:4, 0\n1,1,0\n10,12,15\n2,1\n-1\n";
    let (r, _) = parse(menu, Geometry::LED).unwrap();
    assert_eq!(r.game.geometry(), gomoku(10, 12));
    assert_eq!(r.game.moves(), [1, cell_of(10, 12, 10), 2]);
    assert_eq!(r.times, [0, 15, 0]);
    assert_eq!(r.names, None);
    assert_eq!(r.result, Some(-1));

    // No closing lines at all, a trailing blank line, and a byte-order mark.
    let (r, _) = parse("\u{feff}Piskvorky 15x15, 0:0, 0\n8,8,0\n\n", Geometry::LED).unwrap();
    assert_eq!(r.game.moves(), [cell_of(8, 8, 15)]);

    // A won game: five x in row 1, then the record ends.
    let won = "Piskvorky 15x15, 0:0, 0\r\n1,1,0\r\n1,2,0\r\n2,1,0\r\n2,2,0\r\n3,1,0\r\n\
               3,2,0\r\n4,1,0\r\n4,2,0\r\n5,1,0\r\nhomo-1\r\nhomo-2\r\n0\r\n";
    let (r, _) = parse(won, Geometry::LED).unwrap();
    assert_eq!(
        r.game.state().outcome(),
        Some(crate::rules::Outcome::Won(Player::X))
    );
}

#[test]
fn our_match_scripts_games_are_read_with_their_closing_comments() {
    // `scripts/match.py`'s file: Piskvork's header, names and result code, then comments.
    let game = "Piskvorky 20x20, 4:4, 0\n13,12,0\n9,11,0\n10,10,1011\nours\nrapfi\n0\n\
                # opening: 12,11 8,10\n# result 0-1 (five)\n";
    let (r, f) = parse(game, Geometry::LED).unwrap();
    assert_eq!(f, Format::Psq);
    assert_eq!(r.game.geometry(), gomoku(20, 20));
    assert_eq!(r.game.moves().len(), 3);
    assert_eq!(r.times, [0, 0, 1011]);
    assert_eq!(r.levels, [4, 4]);
    assert_eq!(r.names, Some(["ours".to_string(), "rapfi".to_string()]));
    assert_eq!(r.result, Some(0));
    // After a board line too; a move or text after a comment is refused.
    let renju = "Piskvorky 15x15, 0:0, 0\n8,8,0\n0\n15x15 k5 renju\n# note\n";
    assert_eq!(
        parse(renju, Geometry::LED).unwrap().0.game.rule(),
        Rule::Renju
    );
    for bad in [
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n0\n# note\n9,9,0\n",
        "Piskvorky 15x15, 0:0, 0\n8,8,0\n0\n# note\nmore\n",
    ] {
        assert!(
            matches!(
                parse(bad, Geometry::LED),
                Err(RecordError::Malformed { .. })
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn gomocups_20x20_board_is_read_where_the_geometry_allows_it() {
    let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n20,20,0\r\n0\r\n";
    match parse(text, Geometry::LED) {
        Ok((r, _)) => {
            assert!(r.game.geometry().width() >= 20);
            assert_eq!(r.game.moves(), [cell_of(10, 10, 20), 400]);
        }
        Err(e) => {
            assert!((1..20).contains(&MAX_SIDE));
            assert!(matches!(e, RecordError::Board { .. }), "{e}");
        }
    }
}

#[test]
fn cell_files_are_read_on_the_board_they_name_or_the_default() {
    let (r, f) = parse("5 1 9\n", Geometry::LED).unwrap();
    assert_eq!(f, Format::Cells);
    assert_eq!(r.game.geometry(), Geometry::LED);
    assert_eq!(r.game.moves(), [5, 1, 9]);
    let (r, _) = parse("15x15 k5 freestyle\n113 114,\n 98\n", Geometry::LED).unwrap();
    assert_eq!(r.game.geometry(), gomoku(15, 15));
    assert_eq!(r.game.moves(), [113, 114, 98]);
    let (r, _) = parse("7x6 k5 renju\r\n", Geometry::LED).unwrap();
    assert_eq!(r.game.rule(), Rule::Renju);
    // Renju is five in a row.
    let e = parse("7x6 k4 renju\r\n", Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::Board { .. }), "{e}");
    assert_eq!(r.game.moves(), [] as [Cell; 0]);
    let (r, _) = parse("4x4 k3\n1 2\n", Geometry::LED).unwrap();
    assert_eq!(r.board_line(), "4x4 k3 freestyle");
}

#[test]
fn a_record_is_replayed_under_its_rule() {
    // x plays columns 1, 2, 3, 4, 6 of row 8 (o on row 1, never in line), then column 5: six in a
    // row. Freestyle ends the game there, so the twelfth move comes after the end; under standard
    // six does not win and the game goes on.
    let row = |r: usize, c: usize| (r - 1) * 15 + c;
    let mut cells = Vec::new();
    for (x, o) in [(1, 1), (2, 3), (3, 5), (4, 7), (6, 9)] {
        cells.push(row(8, x));
        cells.push(row(1, o));
    }
    cells.push(row(8, 5)); // x: a8 b8 c8 d8 e8 f8, six in a row
    cells.push(row(1, 13));
    let text = |rule: &str| {
        let words: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        format!("15x15 k5 {rule}\n{}\n", words.join(" "))
    };
    let (r, _) = parse(&text("standard"), Geometry::LED).unwrap();
    assert_eq!(r.game.rule(), Rule::Standard);
    assert_eq!(r.game.moves().len(), cells.len());
    assert_eq!(r.game.state().outcome(), None);
    let e = parse(&text("freestyle"), Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::Move { number: 12, .. }), "{e}");
    // Under renju the sixth black stone is an overline: a forbidden move, refused by its number.
    let e = parse(&text("renju"), Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::Move { number: 11, .. }), "{e}");
    assert!(e.to_string().contains("overline"), "{e}");
}

/// Each hostile text, and what it must be refused as.
/// What a hostile text is, the text, and the kind of refusal expected.
type Hostile = (&'static str, String, fn(&RecordError) -> bool);

fn hostile() -> Vec<Hostile> {
    let header = "Piskvorky 15x15, 0:0, 0\r\n";
    let row_won =
        "1,1,0\r\n1,2,0\r\n2,1,0\r\n2,2,0\r\n3,1,0\r\n3,2,0\r\n4,1,0\r\n4,2,0\r\n5,1,0\r\n";
    let is_header: fn(&RecordError) -> bool = |e| matches!(e, RecordError::Header { .. });
    let is_board: fn(&RecordError) -> bool = |e| matches!(e, RecordError::Board { .. });
    let is_malformed: fn(&RecordError) -> bool = |e| matches!(e, RecordError::Malformed { .. });
    let is_occupied: fn(&RecordError) -> bool = |e| {
        matches!(
            e,
            RecordError::Move {
                error: MoveError::Occupied { .. },
                ..
            }
        )
    };
    let is_off: fn(&RecordError) -> bool = |e| {
        matches!(e, RecordError::Malformed { reason, .. } if reason.contains("off the"))
            || matches!(
                e,
                RecordError::Move {
                    error: MoveError::OffBoard { .. },
                    ..
                }
            )
    };
    let is_over: fn(&RecordError) -> bool = |e| {
        matches!(
            e,
            RecordError::Move {
                error: MoveError::GameOver { .. },
                ..
            }
        )
    };
    let is_binary: fn(&RecordError) -> bool = |e| matches!(e, RecordError::Binary { .. });
    let h = |rest: &str| format!("{header}{rest}");
    vec![
        (
            "Piskvork's name misspelt",
            "Piskvorki 15x15, 0:0, 0\n8,8,0\n".into(),
            is_header,
        ),
        (
            "a header cut short",
            "Piskvorky 15x15\n8,8,0\n".into(),
            is_header,
        ),
        (
            "who started is 2",
            "Piskvorky 15x15, 0:0, 2\n".into(),
            is_header,
        ),
        (
            "a negative level",
            "Piskvorky 15x15, -1:0, 0\n".into(),
            is_header,
        ),
        (
            "letters for the size",
            "Piskvorky AxB, 0:0, 0\n".into(),
            is_header,
        ),
        (
            "a size that overflows",
            "Piskvorky 99999999999999999999x5, 0:0, 0\n".into(),
            is_header,
        ),
        (
            "a board too large",
            "Piskvorky 100x100, 0:0, 0\n".into(),
            is_board,
        ),
        (
            "a board of no cells",
            "Piskvorky 0x15, 0:0, 0\n".into(),
            is_board,
        ),
        (
            "a cell file's board too large",
            "30000x2 k5\n1\n".into(),
            is_board,
        ),
        (
            "a cell file's header wrong",
            "15x15 q5\n1\n".into(),
            is_header,
        ),
        ("a word for a cell", "1 2 three\n".into(), is_malformed),
        ("x beyond the board", h("16,1,0\n"), is_off),
        ("y beyond the board", h("1,16,0\n"), is_off),
        ("x zero", h("0,1,0\n"), is_off),
        ("y negative", h("1,-3,0\n"), is_off),
        ("a huge coordinate", h("1,99999999999,0\n"), is_off),
        ("a cell number beyond the board", "10\n".into(), is_off),
        ("a cell number zero", "0\n".into(), is_off),
        ("a negative cell number", "-4\n".into(), is_malformed),
        (
            "a duplicate move",
            h("8,8,0\r\n9,9,0\r\n8,8,0\r\n"),
            is_occupied,
        ),
        ("a duplicate cell number", "5 1 5\n".into(), is_occupied),
        (
            "a move after the game was won",
            h(&format!("{row_won}9,9,0\r\n")),
            is_over,
        ),
        (
            "a cell after the game was won",
            "1 4 2 5 3 9\n".into(),
            is_over,
        ),
        ("a move line with four fields", h("8,8,0,1\n"), is_malformed),
        ("a move line with letters", h("8,8,soon\n"), is_malformed),
        ("a negative time", h("8,8,-5\n"), is_malformed),
        (
            "a move after the closing lines",
            h("8,8,0\nhomo-1\nhomo-2\n0\n9,9,0\n"),
            is_malformed,
        ),
        ("one name only", h("8,8,0\nhomo-1\n0\n"), is_malformed),
        (
            "no result code after the names",
            h("8,8,0\nhomo-1\nhomo-2\nhomo-3\n"),
            is_malformed,
        ),
        (
            "a board line for another board",
            h("8,8,0\n0\n7x6 k4 freestyle\n"),
            is_malformed,
        ),
        (
            "a board line with an unknown rule",
            h("8,8,0\n0\n15x15 k4 pente\n"),
            is_malformed,
        ),
        (
            "renju with a run other than five",
            h("8,8,0\n0\n15x15 k4 renju\n"),
            is_board,
        ),
        (
            "text after everything",
            h("0\n15x15 k5 renju\nmore\n"),
            is_malformed,
        ),
        (
            "a result code out of range",
            h("8,8,0\n99999999999\n"),
            is_malformed,
        ),
        (
            "a name too long",
            h(&format!("{}\nhomo-2\n0\n", "n".repeat(300))),
            is_malformed,
        ),
        ("a NUL byte", h("8,8,0\n\0\n"), is_binary),
        ("an escape sequence", h("\x1b[2J8,8,0\n"), is_binary),
        ("a DEL byte", "1 2\x7f\n".into(), is_binary),
        ("nothing", String::new(), |e| {
            matches!(e, RecordError::Empty)
        }),
        ("blank lines", "\n \r\n".into(), |e| {
            matches!(e, RecordError::Empty)
        }),
    ]
}

#[test]
fn every_hostile_text_is_refused_with_one_line() {
    for (what, text, expected) in hostile() {
        let got = read_text(text.as_bytes()).and_then(|t| parse(&t, Geometry::LED));
        match got {
            Ok((r, _)) => panic!("{what}: read as {:?}", r.game.moves()),
            Err(e) => {
                assert!(expected(&e), "{what}: refused as {e:?}");
                let line = e.to_string();
                assert!(!line.is_empty() && !line.contains('\n'), "{what}: {line:?}");
            }
        }
    }
}

/// A reader of endless bytes that counts what is taken from it.
struct Endless {
    byte: u8,
    taken: u64,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        buf.fill(self.byte);
        self.taken += buf.len() as u64;
        Ok(buf.len())
    }
}

#[test]
fn a_hundred_megabytes_are_refused_after_reading_little_more_than_the_cap() {
    for byte in [b'1', b' ', b'\n'] {
        let mut endless = Endless { byte, taken: 0 };
        let e = read_text(&mut endless).unwrap_err();
        assert!(matches!(e, RecordError::TooLarge), "{e}");
        assert!(endless.taken <= MAX_BYTES + 64 * 1024, "{}", endless.taken);
    }
    // A 100 MB file on disk: refused, and left as it was.
    let dir = std::env::temp_dir().join(format!("ttt-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.psq");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(100 << 20).unwrap();
    drop(f);
    let e = read_file(&path, Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::TooLarge), "{e}");
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 100 << 20);
    let e = read_file(&dir, Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::Io(_)), "{e}");
    let e = read_file(&dir.join("missing.psq"), Geometry::LED).unwrap_err();
    assert!(matches!(e, RecordError::Io(_)), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn random_bytes_never_panic_and_control_bytes_are_binary() {
    let mut rng = StdRng::seed_from_u64(19);
    for _ in 0..2000 {
        let len = rng.gen_range(0..200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        let has_control = bytes
            .iter()
            .any(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n')) || b == 0x7f);
        let got = read_text(&bytes[..]);
        assert_eq!(matches!(got, Err(RecordError::Binary { .. })), has_control);
        if let Ok(text) = got {
            let _ = parse(&text, Geometry::LED);
        }
    }
    // Mutations of a good file: every one read or refused, never a panic.
    let good = "Piskvorky 15x15, 11:0, 0\r\n8,8,0\r\n9,9,1523\r\nhomo-1\r\nhomo-2\r\n0\r\n";
    for _ in 0..5000 {
        let mut b = good.as_bytes().to_vec();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..b.len());
            b[i] = b"0123456789,x-\r\n :P"[rng.gen_range(0..18)];
        }
        if let Ok(text) = read_text(&b[..]) {
            if let Err(e) = parse(&text, Geometry::LED) {
                assert!(!e.to_string().contains('\n'));
            }
        }
    }
}

#[test]
fn timestamps_are_utc_dates() {
    use std::time::{Duration, UNIX_EPOCH};
    assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01_00-00-00");
    assert_eq!(
        timestamp(UNIX_EPOCH + Duration::from_secs(951_782_400 + 3661)),
        "2000-02-29_01-01-01"
    );
    assert_eq!(
        timestamp(UNIX_EPOCH + Duration::from_secs(1_795_454_954)),
        "2026-11-23_17-29-14"
    );
}

#[test]
fn saving_never_overwrites_a_file() {
    let dir = std::env::temp_dir().join(format!("ttt-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let a = save_new(&dir.join("games"), "2026-11-23_17-29-14", "psq", "one").unwrap();
    let b = save_new(&dir.join("games"), "2026-11-23_17-29-14", "psq", "two").unwrap();
    assert_ne!(a, b);
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "one");
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "two");
    assert!(b.to_string_lossy().ends_with("2026-11-23_17-29-14-2.psq"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn describe_prints_the_board_line_the_cells_and_the_grid() {
    let text = "Piskvorky 5x5, 0:0, 0\r\n3,3,0\r\n1,1,0\r\n-1\r\n";
    let (r, _) = parse(text, Geometry::LED).unwrap();
    assert_eq!(
        describe(&r),
        "5x5 k5 freestyle\n13 1\n  A B C D E\n1 O . . . .\n2 . . . . .\n3 . . X . .\n\
         4 . . . . .\n5 . . . . .\n"
    );
}

#[test]
fn engine_messages_are_appended_to_the_log_one_line_each() {
    let dir = std::env::temp_dir().join(format!("ttt-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let log = append_messages(&dir, "s1", "Rapfi", &["depth 9".into(), "a\rb".into()]).unwrap();
    append_messages(&dir, "s2", "stand-in", &["x".into()]).unwrap();
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "s1 Rapfi: depth 9\ns1 Rapfi: ab\ns2 stand-in: x\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
