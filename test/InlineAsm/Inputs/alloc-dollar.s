tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$0], $1;
