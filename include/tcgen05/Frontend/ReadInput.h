//===- ReadInput.h - Read an input file or standard input --------*- C++
//-*-===//
//
// Inputs are read, never memory-mapped: a file that shrinks while it is
// being checked must not kill the checker with SIGBUS.  They are read to end
// of file, not to the size stat reports, so /proc files, FIFOs and pipes
// work; and never past a size limit, so an endless stream stops in bounded
// memory.  A large regular file may be read in two halves at once; when it
// turns out not to have the size stat reported, it is read again as a
// stream.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_READINPUT_H
#define TCGEN05_FRONTEND_READINPUT_H

#include "tcgen05/Parse/TextFeed.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

namespace llvm {
class MemoryBuffer;
class ThreadPoolInterface;
} // namespace llvm

namespace tcgen05 {

/// Inputs of 4 GiB or more are refused: locations are 32-bit offsets.
constexpr uint64_t DefaultMaxInputSize = (uint64_t(1) << 32) - 1;
/// Standard input is refused past this size unless a caller says more: a
/// stream's size is not known before it is read, and one that never ends
/// must stop in bounded memory.
constexpr uint64_t DefaultMaxStdinSize = uint64_t(512) << 20;

struct InputRead {
  /// The whole input, NUL-terminated; null when reading failed.
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  /// Why the input could not be opened or read.
  std::error_code Error;
  /// The input is larger than the limit.  Size is its size when the file
  /// system knew it up front, 0 when the limit was crossed while reading.
  bool TooLarge = false;
  uint64_t Size = 0;
  /// The input holds a NUL byte (reading stopped after its block).
  bool HasNul = false;
};

/// Reads Path ("-" for standard input) up to MaxSize bytes.  Reading stops
/// early after the block holding the first NUL byte: such an input is
/// rejected at that byte, and /dev/zero must not be read to the limit.
/// StdinName names standard input's buffer.  With a Pool of two threads or
/// more, a large regular file is read in two halves at once.
InputRead readInput(llvm::StringRef Path,
                    uint64_t MaxSize = DefaultMaxInputSize,
                    llvm::StringRef StdinName = "<stdin>",
                    llvm::ThreadPoolInterface *Pool = nullptr);

/// A regular file read a chunk at a time while the module pass goes on
/// (TextFeed), so that the bodies it meets are checked while the rest is
/// still being read: read whole first, the read was most of what no thread
/// could share (docs/performance.md).  The reads are the pass's own, on its
/// thread: a body goes to a worker only once the pass has it whole; until
/// the first one does, another thread may read the chunks ahead of the pass
/// (readAhead), which would otherwise have no work.  Like
/// readInput it never maps the file, and it takes nothing stat says on
/// trust: a file that turns out shorter or longer than stat said, that
/// holds a NUL byte or that cannot be read fails the feed, and its caller
/// discards the check and reads the file as readInput does.
class StreamedInput final : public TextFeed {
public:
  /// Opens Path, a regular file that stat said has Size bytes (at least
  /// one), and reads its first chunk into Buffer (NUL-terminated, Size
  /// bytes).  Null when it cannot be opened or its first chunk fails:
  /// readInput then says why.
  static std::unique_ptr<StreamedInput>
  open(llvm::StringRef Path, uint64_t Size, size_t ChunkBytes,
       std::unique_ptr<llvm::MemoryBuffer> &Buffer);
  ~StreamedInput() override;

  const char *available() const override { return Data + Available; }
  bool more() override;
  /// Whether the whole file was read, and was as stat said.
  bool complete() const { return Complete; }

  /// Reads the chunks after the pass's on a thread of Pool, each one once,
  /// until stopReadAhead: the pass then waits only for a chunk that thread
  /// has begun.
  void readAhead(llvm::ThreadPoolInterface &Pool);
  /// Lets the thread of readAhead end after the chunk it is reading.
  void stopReadAhead() { Stop.store(true, std::memory_order_relaxed); }

private:
  StreamedInput(llvm::sys::fs::file_t FD, char *Data, size_t Size,
                size_t ChunkBytes);
  enum ChunkState : uint8_t { Unclaimed, Claimed, Done, Bad };
  /// Claims the next chunk no thread has claimed, reads it and says how
  /// that went; false when every chunk is claimed.
  bool readNextChunk();

  llvm::sys::fs::file_t FD;
  char *Data;
  size_t Size, ChunkBytes;
  /// What the pass has taken of the chunks read, and the end of what it
  /// may lex (after the last line break read).
  size_t Read = 0, Available = 0;
  bool Failed = false, Complete = false;
  /// Chunk I holds [I * ChunkBytes, (I + 1) * ChunkBytes); the first is
  /// read by open().
  size_t Chunks;
  std::unique_ptr<std::atomic<uint8_t>[]> State;
  std::atomic<size_t> NextChunk{0};
  std::atomic<bool> Stop{false};
  /// Whether the read-ahead task is queued, running, called off before it
  /// ran, or done: the input waits at its end only for one that runs, so
  /// that a caller's pool busy with other work never holds it up, and a
  /// task that starts after the input is gone touches nothing of it.
  enum HelperPhase : int { Queued, Running, CalledOff, Finished };
  std::shared_ptr<std::atomic<int>> Helper;
};

/// The pages of an input read from a file that a check gives back to the
/// system once it is done with them, and reads from the file again when a
/// diagnostic is to be shown.  A -G module's DWARF sections are most of
/// its text, checked a byte at a time and then read by nothing else.
class InputPages {
public:
  /// For Buffer, which holds the file at Path from its first byte, and was
  /// read after the file had Status (taken before the read, so that a
  /// change during the read is seen as one).
  InputPages(std::string Path, llvm::StringRef Buffer,
             llvm::sys::fs::file_status Status)
      : Path(std::move(Path)), Buffer(Buffer), Status(Status) {}

  /// Gives back the whole pages inside Text, a part of the buffer that
  /// nothing reads until restore().  A part under 64 KiB is kept: it is
  /// not worth the system calls.  May be called from several threads.
  void giveBack(llvm::StringRef Text);

  /// Whether any page was given back.
  bool any() const {
    std::lock_guard<std::mutex> Guard(Lock);
    return !Ranges.empty();
  }

  /// Reads again the pages given back that what is shown of a location at
  /// or before Last reads: every page before the end of Last's line (the
  /// lines are counted from the start of the buffer).  Pages after it stay
  /// given back.  Otherwise as restore().
  bool restoreUpTo(const char *Last);
  /// Whether restoreUpTo(Last) would read anything.
  bool restoresUpTo(const char *Last);

  /// Reads every page given back from the file again.  False when the file
  /// cannot be read or is no longer the one read: another file, size or
  /// modification time.  A page that cannot be read again gets blanks with
  /// its newlines where its last one was, so that every line and column
  /// after it is still the one checked.  A rewrite that keeps all three is not
  /// seen (as make and ninja do not see one); a hash of the pages given back
  /// would see it, at a cost to every check of a -G module with two
  /// threads (docs/performance.md).
  bool restore();

private:
  /// Sorts Ranges; how many of them restoreUpTo(Last) reads again.
  size_t rangesUpTo(const char *Last);
  /// Reads the ranges [Begin, End) of Ranges (sorted) again and drops them.
  bool restoreRanges(size_t Begin, size_t End);

  struct Range {
    size_t Offset;
    size_t Size;
    /// What locations after the range need of it: its newlines, and where
    /// the last one is (Size when none).
    size_t Newlines, LastNewline;
  };
  std::string Path;
  llvm::StringRef Buffer;
  llvm::sys::fs::file_status Status;
  mutable std::mutex Lock;
  std::vector<Range> Ranges;
};

} // namespace tcgen05

#endif
