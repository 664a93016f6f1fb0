//===- Fingerprint.cpp - Identities of findings that survive edits --------===//

#include "tcgen05/Frontend/Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

using namespace tcgen05;

std::string FingerprintMaker::next(const llvm::SourceMgr *SM,
                                   const Diagnostic &D) {
  std::string Key = formatDiagCode(D.code());
  Key += '\0';
  llvm::StringRef LineText;
  if (SM && D.Range.Start.isValid()) {
    if (unsigned ID = SM->FindBufferContainingLoc(D.Range.Start)) {
      const llvm::MemoryBuffer *Buf = SM->getMemoryBuffer(ID);
      Key += Buf->getBufferIdentifier();
      const char *P = D.Range.Start.getPointer();
      const char *Start = Lines.lineStart(Buf->getBufferStart(), P);
      LineText = llvm::StringRef(Start, Lines.lineEnd(P, Buf->getBufferEnd()) - Start);
    }
  } else {
    Key += D.File;
  }
  Key += '\0';
  Key += D.Message;
  Key += '\0';
  Key += LineText.trim();
  std::string Hash = llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true,
                                     /*Width=*/16);
  return Hash + ":" + std::to_string(Seen[Hash]++);
}
