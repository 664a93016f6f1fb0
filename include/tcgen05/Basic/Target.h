//===- Target.h - PTX targets ------------------------------------*- C++
//-*-===//
//
// The targets ptxas knows, from Targets.def.  Later checks ask questions of
// a TargetInfo (which family, architecture-specific or not) instead of
// comparing numbers.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_TARGET_H
#define TCGEN05_BASIC_TARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tcgen05 {

enum class TargetVariant { Base, ArchSpecific, Family };

struct TargetInfo {
  llvm::StringRef Name; ///< As in Targets.def: "sm_100a".
  unsigned SM;
  TargetVariant Variant;
  unsigned MinPTX;   ///< major * 10 + minor.
  unsigned Family;   ///< See Targets.def; 0: no family-specific features.
  unsigned FamilySM; ///< Rank within the family (see Targets.def).
};

/// Looks up sm_NN[a|f] or compute_NN[a|f].
std::optional<TargetInfo> lookupTarget(llvm::StringRef Name);

/// Every sm_ target of Targets.def, in its order.
llvm::ArrayRef<TargetInfo> knownTargets();

/// True for architecture names ptxas accepts in .target.
inline bool isKnownTargetName(llvm::StringRef Name) {
  return lookupTarget(Name).has_value();
}

/// Every PTX ISA version ptxas accepts (PtxVersions.def), oldest first,
/// as major * 10 + minor.
llvm::ArrayRef<unsigned> knownPTXVersions();
bool isKnownPTXVersion(unsigned V);
/// "8.6" to 86; nullopt unless it is a known version.
std::optional<unsigned> parsePTXVersion(llvm::StringRef Text);

/// "8.6" for 86.
std::string formatPTXVersion(unsigned V);

/// For notes that list what is accepted: the Blackwell-and-later names of
/// Targets.def, then a word on the older ones; every PTX ISA version,
/// newest first.
std::string knownTargetList();
std::string knownPTXVersionList();

} // namespace tcgen05

#endif
