//===- InputFiles.cpp - Directory arguments, expanded ---------------------===//

#include "InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tcgen05 {

InputFiles expandInputs(ArrayRef<std::string> Args) {
  InputFiles Out;
  for (const std::string &Arg : Args) {
    if (Arg == "-" || !sys::fs::is_directory(Arg)) {
      Out.Paths.push_back(Arg);
      continue;
    }
    std::vector<std::string> Found;
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator
             It(Arg, EC, /*follow_symlinks=*/false),
         End;
         It != End && !EC; It.increment(EC)) {
      if (sys::path::extension(It->path()) != ".ptx")
        continue;
      // The entry's own type: a link to a file is checked, to a directory not.
      sys::fs::file_status Status;
      if (!sys::fs::status(It->path(), Status) &&
          sys::fs::is_regular_file(Status))
        Found.push_back(It->path());
    }
    // A directory that cannot be read is left to the reader, which says why.
    if (EC && Found.empty()) {
      Out.Paths.push_back(Arg);
      continue;
    }
    if (Found.empty())
      Out.EmptyDirectories.push_back(Arg);
    llvm::sort(Found);
    llvm::append_range(Out.Paths, Found);
  }
  return Out;
}

} // namespace tcgen05
