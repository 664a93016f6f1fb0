//===- tcgen05-rules-doc.cpp - Write docs/rules/ --------------------------===//
//
// usage: tcgen05-rules-doc DIR      writes the pages into DIR
//        tcgen05-rules-doc --check DIR   exits 1 if DIR differs
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/Tcgen05RulesDoc.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  bool Check = argc == 3 && llvm::StringRef(argv[1]) == "--check";
  if (argc != 2 && !Check) {
    llvm::errs() << "usage: tcgen05-rules-doc [--check] DIR\n";
    return 2;
  }
  llvm::StringRef Dir = argv[argc - 1];
  int Status = 0;
  for (const auto &[Name, Text] : tcgen05::renderTcgen05RulePages()) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    if (Check) {
      auto Old = llvm::MemoryBuffer::getFile(Path);
      if (!Old || (*Old)->getBuffer() != Text) {
        llvm::errs() << Path
                     << " is out of date: regenerate docs/rules with "
                        "'cmake --build build --target docs-rules'\n";
        Status = 1;
      }
      continue;
    }
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC) {
      llvm::errs() << Path << ": " << EC.message() << "\n";
      return 2;
    }
    OS << Text;
  }
  return Status;
}
