//===- OptionNames.cpp - Arguments that name no option --------------------===//

#include "OptionNames.h"

#include "tcgen05/Basic/Suggest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/DenseMap.h"

#include <type_traits>
#include <vector>

using namespace llvm;

namespace tcgen05 {

namespace {

bool inCategory(const cl::Option &O, const cl::OptionCategory &Category) {
  return is_contained(O.Categories, &Category);
}

/// Whether Name is a prefix option of one letter followed by its value.
using OptionMap = std::remove_reference_t<decltype(cl::getRegisteredOptions())>;

bool isPrefixWithValue(StringRef Name, const OptionMap &Options) {
  if (Name.size() < 2)
    return false;
  auto It = Options.find(Name.take_front(1));
  if (It == Options.end() || It->second->getFormattingFlag() != cl::Prefix)
    return false;
  StringRef Value = Name.drop_front(1);
  // A count takes digits: '-jobs' is no thread count.
  if (dynamic_cast<cl::opt<unsigned> *>(It->second))
    return all_of(Value, isDigit);
  return true;
}

} // namespace

std::optional<UnknownOption>
findUnknownOption(ArrayRef<const char *> Args,
                  const cl::OptionCategory &Category) {
  OptionMap &Options = cl::getRegisteredOptions();
  for (const char *A : Args.drop_front()) {
    StringRef Arg(A);
    if (Arg == "--")
      return std::nullopt;
    if (Arg.size() < 2 || Arg[0] != '-')
      continue;
    StringRef Name = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
    Name = Name.take_until([](char C) { return C == '='; });
    if (Options.count(Name) || isPrefixWithValue(Name, Options))
      continue;
    std::vector<std::string> Ours;
    for (const auto &Entry : Options)
      if (inCategory(*Entry.second, Category))
        Ours.push_back(Entry.first.str());
    llvm::sort(Ours);
    std::string Near = closestSpelling(Name, Ours, /*PreferTypos=*/true);
    return UnknownOption{Arg.str(), Near.empty() ? Near : "--" + Near};
  }
  return std::nullopt;
}

} // namespace tcgen05
