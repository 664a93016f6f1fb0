//===- Fingerprint.cpp - Identities of findings that survive edits --------===//

#include "tcgen05/Frontend/Fingerprint.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

using namespace tcgen05;

std::string FingerprintMaker::next(const llvm::SourceMgr *SM,
                                   const Diagnostic &D) {
  llvm::StringRef File = D.File, LineText;
  const void *FileKey = nullptr;
  if (SM && D.Range.Start.isValid()) {
    if (unsigned ID = SM->FindBufferContainingLoc(D.Range.Start)) {
      const llvm::MemoryBuffer *Buf = SM->getMemoryBuffer(ID);
      File = Buf->getBufferIdentifier();
      FileKey = Buf;
      const char *P = D.Range.Start.getPointer();
      const char *Start = Lines.lineStart(Buf->getBufferStart(), P);
      LineText =
          llvm::StringRef(Start, Lines.lineEnd(P, Buf->getBufferEnd()) - Start);
    } else {
      File = "";
    }
  }
  // The name as well as the buffer: a caller may free one input's buffer
  // and read the next into the same memory.
  if (!Last || Last->Code != D.code() || Last->File != FileKey || !FileKey ||
      Last->Name != File || Last->Line.data() != LineText.data() ||
      Last->Line.size() != LineText.size() || Last->Message != D.Message) {
    std::string Key = formatDiagCode(D.code());
    Key += '\0';
    // './k.ptx', 'k.ptx' and 'dir//k.ptx' name one file: a baseline
    // written with one spelling matches the others.
    llvm::SmallString<128> Name(File);
    llvm::sys::path::remove_dots(Name, /*remove_dot_dot=*/false);
    Key += Name;
    Key += '\0';
    Key += D.Message;
    Key += '\0';
    // A line's first 4 KiB: hashing all of it for each of its findings was
    // quadratic on a module written on one line.
    Key += LineText.trim().take_front(4096);
    Last = LastKey{D.code(),
                   FileKey,
                   File.str(),
                   D.Message,
                   LineText,
                   llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true,
                                   /*Width=*/16)};
  }
  return Last->Hash + ":" + std::to_string(Seen[Last->Hash]++);
}
