//! The memory budget of a run (`--max-memory`, or a default from the
//! machine and `ulimit -v`), and the memory the process holds, read from
//! Linux's `/proc`.

/// What a run may hold before it stops ([`crate::worker::on_worker`]
/// checks it).
#[derive(Clone, Copy)]
pub enum Budget {
    /// Bytes of resident memory.
    Resident(u64),
    /// Under `ulimit -v`: a third of the address space the limit leaves
    /// beyond what the process maps when the work starts (`base`, set at
    /// the first check: the program, the threads' stacks and the
    /// allocator's arenas).
    AddressSpace { limit: u64, base: Option<u64> },
}

impl Budget {
    /// `--max-memory SIZE`, of resident memory; without it, three quarters
    /// of the machine's memory (`MemTotal`), or where `ulimit -v` allows
    /// less, a third of the address space it leaves; `None` where neither
    /// can be read (not Linux).
    ///
    /// A third, because what runs out under `ulimit -v` is address space,
    /// and a table or vector that doubles maps its new room, twice its old,
    /// before it lets the old go: a process whose tables map a third of
    /// what is left can still double any of them within the limit. Past
    /// the limit the allocator aborts the process, with no message, so
    /// this stops it first.
    pub fn new(max_memory: Option<u64>) -> Option<Budget> {
        if let Some(bytes) = max_memory {
            return Some(Budget::Resident(bytes));
        }
        let machine = proc_kib("/proc/meminfo", "MemTotal:").map(|kib| kib * 1024 / 4 * 3);
        // "Max address space  <soft> <hard> bytes"; "unlimited" does not parse.
        let limit = std::fs::read_to_string("/proc/self/limits")
            .ok()
            .and_then(|limits| {
                limits
                    .lines()
                    .find_map(|l| l.strip_prefix("Max address space"))?
                    .split_whitespace()
                    .next()?
                    .parse::<u64>()
                    .ok()
            });
        match (machine, limit) {
            (Some(machine), Some(limit)) if machine <= limit / 3 => Some(Budget::Resident(machine)),
            (_, Some(limit)) => Some(Budget::AddressSpace { limit, base: None }),
            (machine, None) => machine.map(Budget::Resident),
        }
    }

    /// The message's words when the process holds more than the budget
    /// now: `stopped at … MiB, past the memory budget of … MiB …`.
    pub fn passed(&mut self) -> Option<String> {
        let (mapped, resident) = memory_in_use()?;
        match self {
            Budget::Resident(bytes) => (resident > *bytes).then(|| {
                format!(
                    "stopped at {} MiB, past the memory budget of {} MiB (--max-memory)",
                    resident.div_ceil(1 << 20),
                    *bytes >> 20
                )
            }),
            Budget::AddressSpace { limit, base } => {
                let base = *base.get_or_insert(mapped);
                let bytes = base + limit.saturating_sub(base) / 3;
                (mapped > bytes).then(|| {
                    format!(
                        "stopped at {} MiB of address space, past the memory budget of {} MiB \
                         (a third of what ulimit -v leaves; --max-memory sets one)",
                        mapped.div_ceil(1 << 20),
                        bytes >> 20
                    )
                })
            }
        }
    }
}

/// The peak of the memory this process has held (Linux's `VmHWM` in
/// `/proc/self/status`), or `None` where it cannot be read.
pub fn peak_memory() -> Option<u64> {
    proc_kib("/proc/self/status", "VmHWM:").map(|kib| kib * 1024)
}

/// The number of kB on the line of `file` (Linux's `/proc`) that starts
/// with `key`, or `None` where it cannot be read.
fn proc_kib(file: &str, key: &str) -> Option<u64> {
    std::fs::read_to_string(file)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix(key))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The address space this process maps and the memory it holds now (from
/// Linux's `/proc/self/statm`), or `None` where they cannot be read.
fn memory_in_use() -> Option<(u64, u64)> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut pages = statm.split_whitespace().map(|n| n.parse::<u64>().ok());
    let (mapped, resident) = (pages.next()??, pages.next()??);
    // Linux's pages are 4 KiB on the machines this runs on.
    Some((mapped * 4096, resident * 4096))
}
