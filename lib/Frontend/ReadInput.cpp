//===- ReadInput.cpp - Read an input file or standard input ---------------===//

#include "tcgen05/Frontend/ReadInput.h"

#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Basic/HugePages.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

using namespace tcgen05;

namespace {

/// Memory for an input: uninitialized (the read fills it, so zeroing it
/// first would touch every page twice), and for large inputs aligned to and
/// advised for transparent huge pages, which turns a page fault per 4 KiB
/// into one per 2 MiB.
class InputMemory {
public:
  InputMemory() = default;
  InputMemory(const InputMemory &) = delete;
  InputMemory &operator=(const InputMemory &) = delete;
  ~InputMemory() { std::free(Data); }

  char *data() { return Data; }
  size_t capacity() const { return Capacity; }

  /// Grows to at least N bytes, keeping the first Used.  False when out of
  /// memory.
  bool grow(size_t N, size_t Used) {
    if (N <= Capacity)
      return true;
    constexpr size_t Huge = HugePageSize;
    size_t Rounded = N >= Huge / 2 ? (N + Huge - 1) / Huge * Huge : N;
    char *New =
        static_cast<char *>(Rounded >= Huge ? std::aligned_alloc(Huge, Rounded)
                                            : std::malloc(Rounded));
    if (!New)
      return false;
    // The last huge page only when the N bytes fill at least half of it:
    // the rest of it would be resident for nothing, while a tail on 4 KiB
    // pages costs a fault per page, which slowed a small input's check
    // (docs/performance.md).
    adviseHugePages(New, std::min(Rounded, (N + Huge / 2) / Huge * Huge));
    if (Used)
      std::memcpy(New, Data, Used);
    std::free(Data);
    Data = New;
    Capacity = Rounded;
    return true;
  }

  char *release() {
    char *D = Data;
    Data = nullptr;
    Capacity = 0;
    return D;
  }

private:
  char *Data = nullptr;
  size_t Capacity = 0;
};

/// A buffer that owns the memory the input was read into, so the input is
/// not copied once more after reading.
class OwnedBuffer final : public llvm::MemoryBuffer {
public:
  OwnedBuffer(char *Data, size_t Size, llvm::StringRef Name)
      : Data(Data), Name(Name.str()) {
    Data[Size] = '\0';
    init(Data, Data + Size, /*RequiresNullTerminator=*/true);
  }
  ~OwnedBuffer() override { std::free(Data); }
  llvm::StringRef getBufferIdentifier() const override { return Name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  char *Data;
  std::string Name;
};

constexpr size_t BlockSize = 64 * 1024;

/// Files from this size up are read in two halves at once when a pool has
/// a second thread: the copy from the page cache and the first touch of
/// the memory it fills were a serial part of a large file's check
/// (docs/performance.md).
constexpr uint64_t HalvesSize = 4 << 20;

/// Reads up to N bytes at Offset into P, stopping early only at end of
/// file; the bytes read.
llvm::Expected<size_t> readSlice(llvm::sys::fs::file_t FD, char *P, size_t N,
                                 uint64_t Offset) {
  size_t Done = 0;
  while (Done < N) {
    llvm::Expected<size_t> Got = llvm::sys::fs::readNativeFileSlice(
        FD, llvm::MutableArrayRef<char>(P + Done, N - Done), Offset + Done);
    if (!Got)
      return Got.takeError();
    if (*Got == 0)
      break;
    Done += *Got;
  }
  return Done;
}

/// Reads a file of Size bytes as two halves on two threads.  None when the
/// file did not have Size bytes after all (it is being rewritten): the
/// caller then reads it from the start as a stream.
std::optional<InputRead> readHalves(llvm::sys::fs::file_t FD,
                                    llvm::StringRef Name, size_t Size,
                                    llvm::ThreadPoolInterface &Pool) {
  InputRead R;
  InputMemory Data;
  // Room for the byte that must not be there, and the terminator.
  if (!Data.grow(Size + 2, 0)) {
    R.Error = std::make_error_code(std::errc::not_enough_memory);
    return R;
  }
  size_t Half = Size / 2;
  struct Part {
    llvm::Expected<size_t> Got = size_t(0);
    bool HasNul = false;
  } Parts[2];
  auto ReadPart = [&](Part &P, size_t Begin, size_t End) {
    P.Got = readSlice(FD, Data.data() + Begin, End - Begin, Begin);
    P.HasNul = P.Got && std::memchr(Data.data() + Begin, 0, *P.Got);
  };
  llvm::ThreadPoolTaskGroup Second(Pool);
  Second.async([&] { ReadPart(Parts[1], Half, Size); });
  ReadPart(Parts[0], 0, Half);
  Second.wait();
  for (Part &P : Parts)
    if (!P.Got) {
      R.Error = llvm::errorToErrorCode(P.Got.takeError());
      return R;
    }
  if (*Parts[0].Got != Half || *Parts[1].Got != Size - Half)
    return std::nullopt;
  llvm::Expected<size_t> Beyond = readSlice(FD, Data.data() + Size, 1, Size);
  if (!Beyond) {
    R.Error = llvm::errorToErrorCode(Beyond.takeError());
    return R;
  }
  if (*Beyond)
    return std::nullopt;
  R.HasNul = Parts[0].HasNul || Parts[1].HasNul;
  R.Buffer = std::make_unique<OwnedBuffer>(Data.release(), Size, Name);
  return R;
}

/// Whether the first block of the file holds a NUL: such a file is read as
/// a stream, which stops there, not whole in two halves.
bool firstBlockHasNul(llvm::sys::fs::file_t FD) {
  char Block[BlockSize];
  llvm::Expected<size_t> Got = readSlice(FD, Block, BlockSize, 0);
  if (!Got) {
    llvm::consumeError(Got.takeError());
    return false;
  }
  return std::memchr(Block, 0, *Got) != nullptr;
}

/// Reads FD to end of file or to one byte past MaxSize, whichever is first.
InputRead readAll(llvm::sys::fs::file_t FD, llvm::StringRef Name,
                  uint64_t MaxSize, uint64_t SizeHint) {
  InputRead R;
  InputMemory Data;
  // The size stat reports is only a hint: a /proc file says 0, a file
  // being rewritten may shrink or grow.  Two bytes more than the hint let
  // the read that sees end of file ask for one byte without growing, and
  // still leave one for the terminator.
  size_t Used = 0;
  for (;;) {
    // Grow geometrically when full, but never ask for memory past the
    // limit; a file whose size was known fits in the first allocation.
    if (Data.capacity() <= Used + 1) {
      uint64_t Want = Used ? std::max<uint64_t>(2 * uint64_t(Data.capacity()),
                                                Used + BlockSize)
                           : std::max<uint64_t>(SizeHint + 2, BlockSize);
      if (!Data.grow(static_cast<size_t>(std::min(Want, MaxSize + 2)), Used)) {
        R.Error = std::make_error_code(std::errc::not_enough_memory);
        return R;
      }
    }
    // Keep one byte for the terminator.  The first block alone, so that a
    // binary file is known by its first NUL before the rest is read.
    size_t Want =
        std::min<uint64_t>(Data.capacity() - 1 - Used, MaxSize + 1 - Used);
    if (Used == 0)
      Want = std::min(Want, BlockSize);
    llvm::Expected<size_t> Got = llvm::sys::fs::readNativeFile(
        FD, llvm::MutableArrayRef<char>(Data.data() + Used, Want));
    if (!Got) {
      R.Error = llvm::errorToErrorCode(Got.takeError());
      return R;
    }
    if (*Got == 0)
      break;
    bool HasNul = std::memchr(Data.data() + Used, 0, *Got) != nullptr;
    Used += *Got;
    if (Used > MaxSize) {
      R.TooLarge = true;
      return R;
    }
    if (HasNul) {
      R.HasNul = true;
      break;
    }
  }
  if (!Data.grow(Used + 1, Used)) {
    R.Error = std::make_error_code(std::errc::not_enough_memory);
    return R;
  }
  R.Buffer = std::make_unique<OwnedBuffer>(Data.release(), Used, Name);
  return R;
}

} // namespace

InputRead tcgen05::readInput(llvm::StringRef Path, uint64_t MaxSize,
                             llvm::StringRef StdinName,
                             llvm::ThreadPoolInterface *Pool) {
  if (Path == "-")
    return readAll(llvm::sys::fs::getStdinHandle(), StdinName, MaxSize, 0);
  InputRead R;
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    R.Error = llvm::errorToErrorCode(FD.takeError());
    return R;
  }
  llvm::sys::fs::file_status Status;
  uint64_t Hint = 0;
  if (!llvm::sys::fs::status(*FD, Status) &&
      Status.type() == llvm::sys::fs::file_type::regular_file) {
    Hint = Status.getSize();
    if (Hint > MaxSize) {
      llvm::sys::fs::closeFile(*FD);
      R.TooLarge = true;
      R.Size = Hint;
      return R;
    }
  }
  std::optional<InputRead> Halves;
  if (Pool && Pool->getMaxConcurrency() > 1 && Hint >= HalvesSize &&
      !firstBlockHasNul(*FD))
    Halves = readHalves(*FD, Path, static_cast<size_t>(Hint), *Pool);
  R = Halves ? std::move(*Halves) : readAll(*FD, Path, MaxSize, Hint);
  llvm::sys::fs::closeFile(*FD);
  return R;
}

namespace {
/// A buffer over allocateZeroedArray's memory, which it releases.
class ArrayBuffer final : public llvm::MemoryBuffer {
public:
  ArrayBuffer(char *Data, size_t Size, llvm::StringRef Name)
      : Data(Data), Size(Size), Name(Name.str()) {
    init(Data, Data + Size, /*RequiresNullTerminator=*/true);
  }
  ~ArrayBuffer() override { releaseArray(Data, Size + 1); }
  llvm::StringRef getBufferIdentifier() const override { return Name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  char *Data;
  size_t Size;
  std::string Name;
};
} // namespace

std::unique_ptr<StreamedInput>
StreamedInput::open(llvm::StringRef Path, uint64_t Size, size_t ChunkBytes,
                    std::unique_ptr<llvm::MemoryBuffer> &Buffer) {
  if (Size == 0 || Size >= size_t(-1) / 2)
    return nullptr;
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    llvm::consumeError(FD.takeError());
    return nullptr;
  }
  // Zeroed, so that the terminator is there from the start, and what is
  // not read yet is zeroes, not another input's bytes.
  auto *Data = static_cast<char *>(allocateZeroedArray(Size + 1));
  if (!Data) {
    llvm::sys::fs::closeFile(*FD);
    return nullptr;
  }
  adviseHugePages(Data, Size);
  auto Buf = std::make_unique<ArrayBuffer>(Data, Size, Path);
  std::unique_ptr<StreamedInput> In(
      new StreamedInput(*FD, Data, Size, std::max<size_t>(ChunkBytes, 1)));
  if (!In->more())
    return nullptr;
  Buffer = std::move(Buf);
  return In;
}

StreamedInput::~StreamedInput() {
  stopReadAhead();
  int Was = Queued;
  if (Helper && !Helper->compare_exchange_strong(Was, CalledOff))
    while (Helper->load(std::memory_order_acquire) != Finished)
      std::this_thread::yield();
  llvm::sys::fs::closeFile(FD);
}

StreamedInput::StreamedInput(llvm::sys::fs::file_t FD, char *Data, size_t Size,
                             size_t ChunkBytes)
    : FD(FD), Data(Data), Size(Size), ChunkBytes(ChunkBytes),
      Chunks((Size + ChunkBytes - 1) / ChunkBytes),
      State(new std::atomic<uint8_t>[Chunks]) {
  for (size_t I = 0; I < Chunks; ++I)
    State[I].store(Unclaimed, std::memory_order_relaxed);
}

bool StreamedInput::readNextChunk() {
  size_t I = NextChunk.fetch_add(1, std::memory_order_relaxed);
  if (I >= Chunks)
    return false;
  State[I].store(Claimed, std::memory_order_relaxed);
  size_t Begin = I * ChunkBytes, N = std::min(ChunkBytes, Size - Begin);
  llvm::Expected<size_t> Got = readSlice(FD, Data + Begin, N, Begin);
  bool Good = Got && *Got == N && !std::memchr(Data + Begin, 0, N);
  if (!Got)
    llvm::consumeError(Got.takeError());
  if (!Good)
    stopReadAhead();
  State[I].store(Good ? Done : Bad, std::memory_order_release);
  return true;
}

void StreamedInput::readAhead(llvm::ThreadPoolInterface &Pool) {
  if (Helper || Failed || NextChunk.load() >= Chunks)
    return;
  Helper = std::make_shared<std::atomic<int>>(Queued);
  Pool.async([this, Phase = Helper] {
    int Was = Queued;
    if (!Phase->compare_exchange_strong(Was, Running))
      return;
    while (!Stop.load(std::memory_order_relaxed) && readNextChunk()) {
    }
    Phase->store(Finished, std::memory_order_release);
  });
}

bool StreamedInput::more() {
  if (Failed || Available == Size)
    return false;
  while (Read < Size) {
    // The chunk the pass needs next: read here when no thread has claimed
    // it, waited for when the read-ahead thread is reading it.
    size_t I = Read / ChunkBytes;
    uint8_t S;
    while ((S = State[I].load(std::memory_order_acquire)) != Done && S != Bad) {
      if (NextChunk.load(std::memory_order_relaxed) <= I)
        readNextChunk();
      else
        std::this_thread::yield();
    }
    if (S == Bad) {
      Failed = true;
      return false;
    }
    Read += std::min(ChunkBytes, Size - Read);
    if (Read == Size)
      break;
    size_t NL = llvm::StringRef(Data + Available, Read - Available).rfind('\n');
    if (NL != llvm::StringRef::npos) {
      Available += NL + 1;
      return true;
    }
  }
  // A file that grew since stat is read again whole.
  char Beyond;
  llvm::Expected<size_t> Got = readSlice(FD, &Beyond, 1, Size);
  if (!Got) {
    llvm::consumeError(Got.takeError());
    Failed = true;
    return false;
  }
  if (*Got) {
    Failed = true;
    return false;
  }
  Available = Size;
  Complete = true;
  return true;
}

/// Parts smaller than this are kept.
constexpr size_t MinGiveBack = 64 * 1024;

void InputPages::giveBack(llvm::StringRef Text) {
#ifdef MADV_DONTNEED
  if (Text.size() < MinGiveBack)
    return;
  auto Page = static_cast<uintptr_t>(llvm::sys::Process::getPageSizeEstimate());
  auto Begin = reinterpret_cast<uintptr_t>(Text.begin());
  uintptr_t First = (Begin + Page - 1) & ~(Page - 1);
  uintptr_t Last = (Begin + Text.size()) & ~(Page - 1);
  if (First >= Last)
    return;
  const char *P = reinterpret_cast<const char *>(First);
  llvm::StringRef Part(P, Last - First);
  size_t LastNL = Part.rfind('\n');
  Range R{static_cast<size_t>(P - Buffer.begin()), Last - First,
          countChar(Part, '\n'),
          LastNL == llvm::StringRef::npos ? Part.size() : LastNL};
  if (::madvise(reinterpret_cast<void *>(First), Last - First, MADV_DONTNEED) !=
      0)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  Ranges.push_back(R);
#else
  (void)Text;
#endif
}

bool InputPages::restore() {
  std::lock_guard<std::mutex> Guard(Lock);
  return restoreRanges(0, Ranges.size());
}

bool InputPages::restoreUpTo(const char *Last) {
  std::lock_guard<std::mutex> Guard(Lock);
  return restoreRanges(0, rangesUpTo(Last));
}

bool InputPages::restoresUpTo(const char *Last) {
  std::lock_guard<std::mutex> Guard(Lock);
  return rangesUpTo(Last) != 0;
}

size_t InputPages::rangesUpTo(const char *Last) {
  llvm::sort(Ranges, [](const Range &A, const Range &B) {
    return A.Offset < B.Offset;
  });
  size_t Need = static_cast<size_t>(Last - Buffer.begin());
  // The ranges that begin at or before Need, then, while Need's line runs
  // into the next range, that one too.
  size_t N = 0;
  for (;;) {
    while (N < Ranges.size() && Ranges[N].Offset <= Need)
      ++N;
    size_t Stop = N < Ranges.size() ? Ranges[N].Offset : Buffer.size();
    size_t Scan = std::max(Need, N ? Ranges[N - 1].Offset + Ranges[N - 1].Size
                                   : size_t(0));
    // Text before a range not given back is as read; given-back text in
    // [Need, Scan) is restored with its range below, and its newlines are
    // the range's, so the line's end is looked for after it.
    size_t NL = Buffer.find('\n', Scan);
    if (N == Ranges.size() || NL < Stop)
      break;
    Need = Stop;
  }
  return N;
}

bool InputPages::restoreRanges(size_t Begin, size_t End) {
  if (Begin == End)
    return true;
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    llvm::consumeError(FD.takeError());
    return false;
  }
  llvm::sys::fs::file_status Now;
  bool Same = !llvm::sys::fs::status(*FD, Now) &&
              Now.getUniqueID() == Status.getUniqueID() &&
              Now.getSize() == Status.getSize() &&
              Now.getLastModificationTime() == Status.getLastModificationTime();
  // Read even when changed: the lines shown are then at least the file's.
  for (const Range &R :
       llvm::ArrayRef<Range>(Ranges).slice(Begin, End - Begin)) {
    char *P = const_cast<char *>(Buffer.data()) + R.Offset;
    llvm::Expected<size_t> Got = readSlice(*FD, P, R.Size, R.Offset);
    if (Got && *Got == R.Size)
      continue;
    if (!Got)
      llvm::consumeError(Got.takeError());
    Same = false;
    // The file is shorter now: the range's text is gone, but not its lines.
    std::memset(P, ' ', R.Size);
    if (R.Newlines) {
      std::memset(P, '\n', R.Newlines - 1);
      P[R.LastNewline] = '\n';
    }
  }
  llvm::sys::fs::closeFile(*FD);
  Ranges.erase(Ranges.begin() + Begin, Ranges.begin() + End);
  return Same;
}
