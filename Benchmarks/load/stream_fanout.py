#!/usr/bin/env python3
"""Figure 4: how long one quote tick takes to reach every WebSocket subscriber.

Opens CONNECTIONS WebSockets to /api/v1/stream over PROCESSES worker processes, each
subscribing to one symbol (AAPL), then records for DURATION seconds when every quote
message arrives. A tick is identified by its `time` field (the simulated second it
priced); its start is the first receipt of it by any client, and each subscriber's
latency is its own receipt minus that start. So the figure is the fan-out time (first
subscriber to last), which is what grows with the number of subscribers; the first
subscriber's own delivery (well under a millisecond over loopback) is not included.

The clients are plain sockets on epoll (no asyncio, no WebSocket library): Python
handling 10,000 connections through an asyncio WebSocket library would itself be the
bottleneck. A receipt's time is the kernel's: each socket asks for SO_TIMESTAMPNS (Linux), the
instant its data reached the socket (CLOCK_REALTIME, comparable across processes), so a
worker still busy with earlier reads does not delay the timestamps of later ones. Over
loopback that instant is when the server's write() delivered the frame. While recording,
the workers only read and keep the bytes, and parse them afterwards: they share the
machine's cores with the server, and their work would slow the server's.

Also prints the server's resident memory when given its pid (--pid).

    python3 Benchmarks/load/stream_fanout.py --port 18391 --connections 10000 --processes 4
"""

import argparse
import base64
import json
import multiprocessing
import os
import select
import socket
import statistics
import struct
import time

# Linux's SO_TIMESTAMPNS (asm-generic; Python's socket module does not name it): each
# received message carries the kernel's receive time as a timespec.
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
TIMESPEC = struct.Struct("@qq")
# While recording, how often a worker reads its sockets (seconds).
READ_EVERY = 0.1


def handshake(port, symbols):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            "GET /api/v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the handshake")
        response += chunk
    head, _, rest = response.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(head.decode(errors="replace"))
    if symbols:
        send_text(sock, json.dumps({"type": "subscribe", "symbols": symbols}))
    return sock, rest


def send_text(sock, text, opcode=0x1):
    payload = text.encode() if isinstance(text, str) else text
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    length = len(payload)
    if length < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    else:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    sock.sendall(header + mask + masked)


def frames(buffer):
    """Complete frames in buffer as (opcode, payload), and the bytes left over."""
    out = []
    while len(buffer) >= 2:
        opcode = buffer[0] & 0x0F
        length = buffer[1] & 0x7F
        start = 2
        if length == 126:
            if len(buffer) < 4:
                break
            length = struct.unpack("!H", buffer[2:4])[0]
            start = 4
        elif length == 127:
            if len(buffer) < 10:
                break
            length = struct.unpack("!Q", buffer[2:10])[0]
            start = 10
        if len(buffer) < start + length:
            break
        out.append((opcode, buffer[start : start + length]))
        buffer = buffer[start + length :]
    return out, buffer


def worker(index, port, count, symbols, ready, go, duration, results):
    sockets = []
    buffers = {}
    for _ in range(count):
        sock, rest = handshake(port, symbols)
        sock.setblocking(False)
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sockets.append(sock)
        buffers[sock.fileno()] = rest
    by_fd = {sock.fileno(): sock for sock in sockets}
    poll = select.epoll(len(sockets) + 1)
    for sock in sockets:
        poll.register(sock.fileno(), select.EPOLLIN)
    ready.put(index)
    chunks = []  # while recording: (fd, kernel receive time, bytes), parsed afterwards
    unstamped = 0  # reads without a kernel timestamp
    recording = False
    stop_at = None
    while True:
        if recording:
            # Read every READ_EVERY seconds instead of as data arrives: the kernel's
            # timestamps do not depend on when the bytes are read, a worker waiting in
            # epoll_wait costs the server's write() a wake-up per message, and reading
            # takes CPU the server needs during the fan-out it measures.
            events = poll.poll(0, 65536)
            if not events or len(events) < 65536:
                time.sleep(READ_EVERY)
        else:
            events = poll.poll(0.05, 4096)
        now = time.time()
        if not recording and go.is_set():
            recording = True
            stop_at = now + duration
        if stop_at is not None and now >= stop_at:
            break
        for fd, _ in events:
            try:
                data, ancillary, _, _ = by_fd[fd].recvmsg(65536, socket.CMSG_SPACE(TIMESPEC.size))
            except BlockingIOError:
                continue
            if not data:
                poll.unregister(fd)
                continue
            if recording:
                # Only the read while recording: parsing here would take the cores the
                # server needs, and the kernel's timestamp does not depend on it.
                received = kernel_time(ancillary)
                if received is None:  # no timestamp: fall back to when epoll_wait returned
                    unstamped += 1
                    received = now
                chunks.append((fd, received, data))
                continue
            messages, buffers[fd] = frames(buffers[fd] + data)
            for opcode, payload in messages:
                if opcode == 0x9:
                    send_text(by_fd[fd], payload, opcode=0xA)
    results.put((index, quote_receipts(chunks, buffers), unstamped))
    for sock in sockets:
        sock.close()


def quote_receipts(chunks, buffers):
    """(tick key, receive time) of each quote message in the recorded reads; a message's
    time is that of the read that completed it."""
    receipts = []
    for fd, received, data in chunks:
        messages, buffers[fd] = frames(buffers[fd] + data)
        for opcode, payload in messages:
            if opcode == 0x1:
                message = json.loads(payload)
                if message.get("type") == "quote":
                    receipts.append((message["symbol"] + message["time"], received))
    return receipts


def kernel_time(ancillary):
    """The receive time SO_TIMESTAMPNS attached to a recvmsg(), if any."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= TIMESPEC.size:
            seconds, nanoseconds = TIMESPEC.unpack_from(data)
            return seconds + nanoseconds / 1e9
    return None


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18391)
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--duration", type=float, default=20, help="seconds recorded")
    parser.add_argument("--symbol", default="AAPL")
    parser.add_argument("--idle", action="store_true", help="connect without subscribing")
    parser.add_argument("--pid", type=int, help="the server's pid, to report its memory")
    args = parser.parse_args()

    context = multiprocessing.get_context("fork")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    share = [args.connections // args.processes] * args.processes
    share[0] += args.connections - sum(share)
    symbols = [] if args.idle else [args.symbol]
    started = time.time()
    workers = [
        context.Process(
            target=worker,
            args=(i, args.port, n, symbols, ready, go, args.duration, results),
        )
        for i, n in enumerate(share)
    ]
    for process in workers:
        process.start()
    for _ in workers:
        ready.get()
    print(f"{args.connections} connections open in {time.time() - started:.1f}s", flush=True)
    time.sleep(3)  # let the subscription answers drain before recording
    if args.pid:
        print(f"server RSS with {args.connections} connections: {rss_mib(args.pid):.1f} MiB")
    go.set()
    receipts, unstamped = [], 0
    for _ in workers:
        _, worker_receipts, worker_unstamped = results.get()
        receipts.extend(worker_receipts)
        unstamped += worker_unstamped
    for process in workers:
        process.join()
    if args.idle:
        return

    by_tick = {}
    for key, at in receipts:
        by_tick.setdefault(key, []).append(at)
    # Whole ticks only: the first and last may have been cut by the recording window.
    ticks = {key: times for key, times in by_tick.items() if len(times) == args.connections}
    latencies, spans = [], []
    for times in ticks.values():
        first = min(times)
        latencies.extend((at - first) * 1000 for at in times)
        spans.append((max(times) - first) * 1000)
    if not ticks:
        print("no complete tick recorded:", {k: len(v) for k, v in by_tick.items()})
        return
    print(
        f"subscribers={args.connections} ticks={len(ticks)} (partial {len(by_tick) - len(ticks)}) "
        f"latency ms p50={percentile(latencies, 50):.1f} p90={percentile(latencies, 90):.1f} "
        f"p99={percentile(latencies, 99):.1f} max={max(latencies):.1f}; "
        f"last subscriber per tick: median {statistics.median(spans):.1f} ms, "
        f"worst {max(spans):.1f} ms; reads without a kernel timestamp: {unstamped}"
    )


if __name__ == "__main__":
    main()
