// plugin/cuda/spgemm/device_query.cu: what the launches ask of the current device.
// SPDX-License-Identifier: Apache-2.0
//
// Its multiprocessors, its shared memory, how many blocks of a launch it
// holds at once, and the shared hash bins that fit it (usable_bins).
//
// Each query is of the calling thread's current device; when the device
// does not say, the error is cleared and a safe answer given.

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

// A multiprocessor's limits on the calling thread's current device, read
// once a thread and device (they never change; a phase asks them for each
// pair of hash bins it might launch together), or false (and the error
// cleared) when they cannot be read.
struct multiprocessor_limits
{
    int threads, blocks ;           // resident at once
    int shared, reserved ;          // shared memory, and the system's part of each block's
} ;

static bool current_limits (multiprocessor_limits *limits)
{
    static thread_local int device_read = -1 ;
    static thread_local multiprocessor_limits read ;
    int device = 0 ;
    if (cudaGetDevice (&device) != cudaSuccess) { (void) cudaGetLastError () ; return false ; }
    if (device != device_read)
    {
        multiprocessor_limits l ;
        if (cudaDeviceGetAttribute (&l.threads, cudaDevAttrMaxThreadsPerMultiProcessor, device) != cudaSuccess
         || cudaDeviceGetAttribute (&l.blocks, cudaDevAttrMaxBlocksPerMultiprocessor, device) != cudaSuccess
         || cudaDeviceGetAttribute (&l.shared, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) != cudaSuccess
         || cudaDeviceGetAttribute (&l.reserved, cudaDevAttrReservedSharedMemoryPerBlock, device) != cudaSuccess)
        {
            (void) cudaGetLastError () ;
            return false ;
        }
        read = l ;
        device_read = device ;
    }
    *limits = read ;
    return true ;
}

// How many blocks of dynamic_bytes each the multiprocessor's shared memory
// holds at once.
static int fitting_blocks (const multiprocessor_limits &l, size_t dynamic_bytes)
{
    return (int) ((size_t) l.shared / (dynamic_bytes + STATIC_SHARED_BYTES + (size_t) l.reserved)) ;
}

int shared_blocks_per_multiprocessor (size_t dynamic_bytes)
{
    multiprocessor_limits l ;
    return current_limits (&l) ? fitting_blocks (l, dynamic_bytes) : 0 ;
}

int shared_bytes_per_block (int blocks)
{
    multiprocessor_limits l ;
    if (!current_limits (&l)) return 0 ;
    // what shared_blocks_per_multiprocessor counts each block, less the
    // static and reserved parts, within what one block may have
    const int each = l.shared / blocks - STATIC_SHARED_BYTES - l.reserved ;
    const int most = max_dynamic_shared () ;
    return (each < 0) ? 0 : (each < most) ? each : most ;
}

int resident_blocks (int threads, size_t dynamic_bytes)
{
    multiprocessor_limits l ;
    if (!current_limits (&l)) return 0 ;
    int blocks = l.threads / threads ;
    if (blocks > l.blocks) blocks = l.blocks ;
    const int fitting = fitting_blocks (l, dynamic_bytes) ;
    return (fitting < blocks) ? fitting : blocks ;
}

int usable_bins (size_t slot_bytes)
{
    const size_t room = (size_t) max_dynamic_shared () ;
    int b = 0 ;
    while (b < N_SHARED_BINS && shared_bin_bytes (b, slot_bytes) <= room) b++ ;
    return b ;
}

}   // namespace gbgpu
