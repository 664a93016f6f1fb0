//===- DescField.cpp - Bit fields of the tcgen05 descriptors --------------===//

#include "tcgen05/Descriptors/DescField.h"

#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

const DescField Fields[] = {
#define DESC_FIELD(Desc, Layout, Name, Lo, Width, Scale, Description)          \
  {DescriptorKind::Desc, IdescLayout::Layout, Name, Lo, Width, Scale,          \
   Description},
#include "DescriptorFields.def"
};

bool inDescriptor(const DescField &F, DescriptorKind D, IdescLayout L) {
  return F.Desc == D && (D != DescriptorKind::Instr || F.Layout == L);
}

} // namespace

llvm::ArrayRef<DescField> tcgen05::descFields() { return Fields; }

std::vector<DescField> tcgen05::descFields(DescriptorKind D, IdescLayout L) {
  std::vector<DescField> Out;
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L))
      Out.push_back(F);
  return Out;
}

const DescField *tcgen05::findDescField(DescriptorKind D, IdescLayout L,
                                        llvm::StringRef Name) {
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L) && F.Name == Name)
      return &F;
  return nullptr;
}

unsigned tcgen05::descBits(DescriptorKind D) {
  return D == DescriptorKind::Instr ? 32 : 64;
}

uint64_t tcgen05::descReservedMask(DescriptorKind D, IdescLayout L) {
  uint64_t Used = 0;
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L))
      Used |= F.mask();
  uint64_t All = descBits(D) == 64 ? ~0ull : (1ull << descBits(D)) - 1;
  return ~Used & All;
}

std::optional<uint64_t> tcgen05::encodeDescFields(
    DescriptorKind D, IdescLayout L, uint64_t V,
    llvm::ArrayRef<std::pair<std::string, uint64_t>> In, std::string &Error) {
  for (const auto &[Name, Value] : In) {
    const DescField *F = findDescField(D, L, Name);
    if (!F) {
      Error = "no field '" + Name + "'";
      return std::nullopt;
    }
    uint64_t Unit = 1ull << F->Scale;
    if (Value % Unit) {
      Error = Name + "=" + std::to_string(Value) +
              (D == DescriptorKind::Instr
                   ? " is not a multiple of " + std::to_string(Unit)
                   : " is not " + std::to_string(Unit) + "-byte aligned");
      return std::nullopt;
    }
    if ((Value >> F->Scale) >> F->Width) {
      Error = Name + "=" + std::to_string(Value) + " does not fit in " +
              std::to_string(F->Width + F->Scale) + " bits";
      return std::nullopt;
    }
    V = F->set(V, Value >> F->Scale);
  }
  return V;
}

std::string tcgen05::describeDescFields(DescriptorKind D, IdescLayout L,
                                        uint64_t V, uint64_t Known) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L) && (Known & F.mask()) == F.mask())
      OS << (Out.empty() ? "" : " ") << F.Name << "=" << F.get(V);
  return Out;
}
