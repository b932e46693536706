// plugin/cuda/spgemm/device_query.cu: what the launches ask of the current device.
// SPDX-License-Identifier: Apache-2.0
//
// Its multiprocessors, its shared memory, and the shared hash bins that fit
// it (usable_bins).
//
// Each query reads the device's attributes at the call (the calling thread's
// current device); when the device does not say, the error is cleared and a
// safe answer given.

#include "kernels/rows.cuh"

namespace gbgpu {

int multiprocessor_count ()
{
    int device = 0, count = 0 ;
    if (cudaGetDevice (&device) != cudaSuccess
     || cudaDeviceGetAttribute (&count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        return 1 ;
    }
    return count ;
}

// The kernels' static shared memory, counted against every block.
constexpr int STATIC_SHARED_BYTES = 1024 ;

int max_dynamic_shared ()
{
    int device = 0, optin = 0 ;
    if (cudaGetDevice (&device) != cudaSuccess
     || cudaDeviceGetAttribute (&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        return 48 * 1024 - STATIC_SHARED_BYTES ;
    }
    return optin - STATIC_SHARED_BYTES ;
}

// A multiprocessor's shared memory and the system's reserved part of each
// block's, or false (and the error cleared) when they cannot be read.
static bool multiprocessor_shared (int *per_multiprocessor, int *reserved)
{
    int device = 0 ;
    if (cudaGetDevice (&device) == cudaSuccess
     && cudaDeviceGetAttribute (per_multiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) == cudaSuccess
     && cudaDeviceGetAttribute (reserved, cudaDevAttrReservedSharedMemoryPerBlock, device) == cudaSuccess)
        return true ;
    (void) cudaGetLastError () ;
    return false ;
}

int shared_blocks_per_multiprocessor (size_t dynamic_bytes)
{
    int per_multiprocessor = 0, reserved = 0 ;
    if (!multiprocessor_shared (&per_multiprocessor, &reserved)) return 0 ;
    return (int) ((size_t) per_multiprocessor / (dynamic_bytes + STATIC_SHARED_BYTES + (size_t) reserved)) ;
}

int shared_bytes_per_block (int blocks)
{
    int per_multiprocessor = 0, reserved = 0 ;
    if (!multiprocessor_shared (&per_multiprocessor, &reserved)) return 0 ;
    // what shared_blocks_per_multiprocessor counts each block, less the
    // static and reserved parts, within what one block may have
    const int each = per_multiprocessor / blocks - STATIC_SHARED_BYTES - reserved ;
    const int most = max_dynamic_shared () ;
    return (each < 0) ? 0 : (each < most) ? each : most ;
}

int usable_bins (size_t slot_bytes)
{
    const size_t room = (size_t) max_dynamic_shared () ;
    int b = 0 ;
    while (b < N_SHARED_BINS
        && ((size_t) shared_bins [b].groups_per_block * slot_bytes << bin_table_bits (b)) <= room) b++ ;
    return b ;
}

}   // namespace gbgpu
