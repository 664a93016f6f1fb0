//===- WriteOutput.cpp - Write an output whole or not at all --------------===//

#include "tcgen05/Frontend/WriteOutput.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

std::error_code tcgen05::takeStreamError(llvm::raw_fd_ostream &OS) {
  OS.flush();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

namespace {

std::error_code writeTo(llvm::raw_fd_ostream &OS, llvm::StringRef Text) {
  OS << Text;
  OS.close();
  return takeStreamError(OS);
}

} // namespace

std::error_code tcgen05::writeOutputFile(llvm::StringRef Path,
                                         llvm::StringRef Text) {
  if (Path == "-") {
    llvm::outs() << Text;
    return takeStreamError(llvm::outs());
  }
  std::error_code EC;
  llvm::sys::fs::file_status Status;
  bool Exists = !llvm::sys::fs::status(Path, Status);
  if (Exists && (!llvm::sys::fs::is_regular_file(Status) ||
                 llvm::sys::fs::is_symlink_file(Path))) {
    // A device or a pipe: nothing to replace, and no directory of temporary
    // files beside it to use; a link, which a rename would replace.
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_None);
    return EC ? EC : writeTo(OS, Text);
  }
  llvm::SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Temp;
  if ((EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)))
    return EC;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    EC = writeTo(OS, Text);
  }
  if (!EC && Exists)
    // The replacement keeps the permissions of the file it replaces.
    EC = llvm::sys::fs::setPermissions(Temp, Status.permissions());
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, Path);
  if (EC)
    llvm::sys::fs::remove(Temp);
  return EC;
}
