tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];
