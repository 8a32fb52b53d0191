use referee::data::Library;
use referee::expansion::Options;
use referee::random::Playout;
use std::io::{Read, Write};
use std::time::Instant;
fn ctl(cmd: &str) {
    if let Ok(path) = std::env::var("PERF_CTL") {
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.write_all(cmd.as_bytes()).unwrap();
        drop(f);
        let mut a = std::fs::File::open(std::env::var("PERF_ACK").unwrap()).unwrap();
        let mut buf = [0u8; 5];
        let _ = a.read(&mut buf);
    }
}
#[inline(never)]
fn window(q: &mut Playout) {
    while q.step() {}
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().unwrap();
    let rounds: u32 = args[2].parse().unwrap();
    let lib = Library::builtin();
    let tiles = lib.tile_set(&[]);
    let options = Options::default();
    let bag: u64 = tiles.iter().map(|(_, d)| u64::from(d.count)).sum();
    let mut p = Playout::with(&tiles, &options, &[], 1, 2, n.div_ceil(bag) as usize).sampling();
    while p.drawn() + 64 < p.bag_len() {
        p.step();
    }
    let mut best = u128::MAX;
    let mut sum = 0;
    for _ in 0..rounds {
        let mut q = p.clone();
        q.reserve();
        ctl("enable\n");
        let t = Instant::now();
        window(&mut q);
        ctl("disable\n");
        best = best.min(t.elapsed().as_nanos());
        sum += q.game().placed().len();
    }
    eprintln!("{} ns a draw (best), {}", best / 64, sum);
}
