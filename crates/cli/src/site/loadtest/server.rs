//! The server under test: `tabula serve` started as a child process on a scratch database, so
//! its memory can be read on its own and it can be stopped with `kill -9` before its database
//! is read back; and the plain HTTP client the scenarios use.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The options of a server measured for how much it holds: no per-address limits (every
/// client comes from one address) and tables far larger than any run fills.
pub const UNBOUNDED: [&str; 6] = [
    "--rate-limits",
    "off",
    "--max-sockets",
    "40000",
    "--max-rooms",
    "40000",
];

/// The `tabula` binary whose `serve` the scenarios measure: this one unless
/// `--server-bin` names another (an older build, to measure it side by side).
static SERVER_BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Measures the server of `bin` instead of this executable's.
pub fn use_server_bin(bin: PathBuf) {
    let _ = SERVER_BIN.set(bin);
}

/// A `tabula serve` child process on a scratch database.
pub struct ChildServer {
    child: Child,
    /// Its address (`127.0.0.1:PORT`).
    pub host: String,
    /// Its database: a scratch SQLite file, or the PostgreSQL URL it was given.
    pub db: String,
    dir: PathBuf,
    args: Vec<String>,
}

impl ChildServer {
    /// Starts `tabula serve` (this same executable) on a scratch SQLite file with `extra`
    /// options.
    pub fn start(name: &str, extra: &[&str]) -> Result<ChildServer, String> {
        Self::start_on(name, None, extra)
    }

    /// Starts `tabula serve` on `db` (a PostgreSQL URL), or on a scratch SQLite file.
    pub fn start_on(name: &str, db: Option<&str>, extra: &[&str]) -> Result<ChildServer, String> {
        let dir =
            std::env::temp_dir().join(format!("tabula-loadtest-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let db = match db {
            Some(url) => url.to_string(),
            None => dir.join("load.db").display().to_string(),
        };
        let args: Vec<String> = extra.iter().map(|a| a.to_string()).collect();
        let (child, host) = spawn("127.0.0.1:0", &db, &args)?;
        Ok(ChildServer {
            child,
            host,
            db,
            dir,
            args,
        })
    }

    /// Stops the server as a service manager does (SIGTERM) and waits for it (10 s at most):
    /// how long it took to exit, and whether it exited 0.
    pub fn terminate(&mut self) -> Result<(Duration, bool), String> {
        let began = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .map_err(|e| format!("kill: {e}"))?;
        if !sent.success() {
            return Err("kill -TERM failed".into());
        }
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Ok((began.elapsed(), status.success()));
            }
            if began.elapsed() > Duration::from_secs(10) {
                self.kill();
                return Err("the server did not exit within 10 s of SIGTERM".into());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Starts the server again on the same address, database and options (after
    /// [`ChildServer::terminate`]).
    pub fn start_again(&mut self) -> Result<(), String> {
        let (child, host) = spawn(&self.host, &self.db, &self.args)?;
        if host != self.host {
            return Err(format!("came back on {host}, not {}", self.host));
        }
        self.child = child;
        Ok(())
    }

    /// The server's resident memory in KiB (Linux: `VmRSS` of `/proc/PID/status`).
    pub fn rss_kib(&self) -> Option<u64> {
        self.status("VmRSS:")
    }

    /// The server's threads now (Linux: `Threads` of `/proc/PID/status`).
    pub fn threads(&self) -> Option<u64> {
        self.status("Threads:")
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn status(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|n| n.parse().ok())
    }

    /// Stops the server the hard way (`kill -9`): nothing gets a chance to flush.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `tabula serve` on `addr` and `db` with `args`: the child and the address it says it
/// runs at.
fn spawn(addr: &str, db: &str, args: &[String]) -> Result<(Child, String), String> {
    let exe = match SERVER_BIN.get() {
        Some(bin) => bin.clone(),
        None => std::env::current_exe().map_err(|e| e.to_string())?,
    };
    let mut child = Command::new(exe)
        .args(["serve", "--addr", addr, "--db", db])
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let mut line = String::new();
    let stdout = child.stdout.take().ok_or("the server has no output")?;
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let host = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .ok_or_else(|| format!("the server did not say where it runs: {line}"))?
        .to_string();
    Ok((child, host))
}

/// A TCP connection to `host` from the loopback address `127.0.0.from` (each one a client
/// address of its own to the server's per-address limits).
pub async fn connect_from(host: &str, from: u8) -> Result<TcpStream, String> {
    let addr: SocketAddr = host.parse().map_err(|e| format!("{host}: {e}"))?;
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .map_err(|e| e.to_string())?;
    socket
        .connect(addr)
        .await
        .map_err(|e| format!("{host}: {e}"))
}

/// A plain HTTP/1.1 request from `127.0.0.from` with a JSON body: the status and the answer's
/// JSON.
pub async fn request(
    host: &str,
    from: u8,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    exchange(host, from, method, path, &[], body)
        .await
        .map(|(status, _, v)| (status, v))
}

/// The same with extra header lines; the answer's headers too (lower-case names).
pub async fn exchange(
    host: &str,
    from: u8,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<&Value>,
) -> Result<(u16, Vec<(String, String)>, Value), String> {
    let mut s = if from == 1 {
        TcpStream::connect(host)
            .await
            .map_err(|e| format!("{host}: {e}"))?
    } else {
        connect_from(host, from).await?
    };
    let body = body.map(Value::to_string).unwrap_or_default();
    let extra: String = extra.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or("a malformed HTTP answer")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("an HTTP answer without a status")?;
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut s = rest;
        while let Some((len, more)) = s.split_once("\r\n") {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            if n == 0 || more.len() < n {
                break;
            }
            out.push_str(&more[..n]);
            s = more.get(n + 2..).unwrap_or("");
        }
        out
    } else {
        rest.to_string()
    };
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let v = serde_json::from_str(&body).unwrap_or(Value::String(body));
    Ok((status, headers, v))
}

/// A request that must succeed: the answer's JSON.
pub async fn http(
    host: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Result<Value, String> {
    let (status, v) = request(host, 1, method, path, body.as_ref()).await?;
    if status != 200 {
        return Err(format!("{path}: {status} {v}"));
    }
    Ok(v)
}

/// Percentile `p` (0 to 1) of sorted microseconds, in milliseconds.
pub fn percentile_ms(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    (sorted[i] as f64 / 10.0).round() / 100.0
}
