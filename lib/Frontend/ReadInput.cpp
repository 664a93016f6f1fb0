//===- ReadInput.cpp - Read an input file or standard input ---------------===//

#include "tcgen05/Frontend/ReadInput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace tcgen05;

namespace {

/// A buffer that owns the std::string it was read into, so the input is
/// not copied once more after reading.
class StringBuffer final : public llvm::MemoryBuffer {
public:
  StringBuffer(std::string Data, llvm::StringRef Name)
      : Data(std::move(Data)), Name(Name.str()) {
    init(this->Data.data(), this->Data.data() + this->Data.size(),
         /*RequiresNullTerminator=*/true);
  }
  llvm::StringRef getBufferIdentifier() const override { return Name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  std::string Data;
  std::string Name;
};

constexpr size_t BlockSize = 64 * 1024;

/// Reads FD to end of file or to one byte past MaxSize, whichever is first.
InputRead readAll(llvm::sys::fs::file_t FD, llvm::StringRef Name,
                  uint64_t MaxSize, uint64_t SizeHint) {
  InputRead R;
  std::string Data;
  // The size stat reports is only a hint: a /proc file says 0, a file
  // being rewritten may shrink or grow.
  Data.reserve(static_cast<size_t>(std::min(SizeHint, MaxSize) + 1));
  size_t Used = 0;
  for (;;) {
    // Grow geometrically, but never touch memory past the limit.
    if (Data.size() - Used < BlockSize)
      Data.resize(static_cast<size_t>(std::min<uint64_t>(
          std::max(Data.capacity(), Used + BlockSize), MaxSize + 1)));
    size_t Want = std::min<uint64_t>(Data.size() - Used, MaxSize + 1 - Used);
    llvm::Expected<size_t> Got = llvm::sys::fs::readNativeFile(
        FD, llvm::MutableArrayRef<char>(&Data[Used], Want));
    if (!Got) {
      R.Error = llvm::errorToErrorCode(Got.takeError());
      return R;
    }
    if (*Got == 0)
      break;
    bool HasNul = std::memchr(&Data[Used], 0, *Got) != nullptr;
    Used += *Got;
    if (Used > MaxSize) {
      R.TooLarge = true;
      return R;
    }
    if (HasNul)
      break;
  }
  Data.resize(Used);
  Data.shrink_to_fit();
  R.Buffer = std::make_unique<StringBuffer>(std::move(Data), Name);
  return R;
}

} // namespace

InputRead tcgen05::readInput(llvm::StringRef Path, uint64_t MaxSize,
                             llvm::StringRef StdinName) {
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
  R = readAll(*FD, Path, MaxSize, Hint);
  llvm::sys::fs::closeFile(*FD);
  return R;
}
