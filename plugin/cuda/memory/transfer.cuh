// plugin/cuda/memory/transfer.cuh: what transfer.cu (host <-> device copies) and device_memory.cu
// share (C++ only).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_TRANSFER_CUH
#define GBGPU_TRANSFER_CUH

#include <cuda_runtime.h>
#include <cstdint>

namespace gbgpu {

// out[k] = the low 32 bits of in[k] for k < n, queued on the thread's stream
// (device_memory.cu).  Column indices are below 2^32, so nothing is lost.
cudaError_t narrow_indices_async (int32_t *out, const int64_t *in, int64_t n) ;

// What gbgpu_cuda_transfer_bytes reports for the calling thread's last
// transfer, set by a transfer made elsewhere (bitmap_upload.cu).
void transfer_bytes_reset (uint64_t bytes) ;

// Frees the pinned staging areas that no transfer is using (staging.cu);
// the next staged transfer allocates one again.
void release_idle_staging () ;

}   // namespace gbgpu

#endif
