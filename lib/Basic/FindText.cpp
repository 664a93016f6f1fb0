//===- FindText.cpp - Substring search over whole inputs ------------------===//

#include "tcgen05/Basic/FindText.h"

#include <cstring>

size_t tcgen05::findText(llvm::StringRef Text, llvm::StringRef Needle,
                         size_t From) {
  if (From > Text.size())
    return llvm::StringRef::npos;
  if (Needle.empty())
    return From;
#if defined(__GLIBC__) || defined(__APPLE__) || defined(__FreeBSD__)
  const void *Hit = ::memmem(Text.data() + From, Text.size() - From,
                             Needle.data(), Needle.size());
  return Hit ? static_cast<const char *>(Hit) - Text.data()
             : llvm::StringRef::npos;
#else
  return Text.find(Needle, From);
#endif
}
