// plugin/cuda/memory/tuning.cuh: the host side's tuning: staging, host threads, side streams.
// SPDX-License-Identifier: Apache-2.0
//
// The staging areas of the transfers, the host threads that fill and drain
// them, the side streams of the launches.
//
// As kernels/tuning.cuh does for the device side, the numbers chosen for
// speed are here, apart from the code that uses them; each says why it has
// its value (a measurement with its GPU and version, or a guess marked as
// one).  They were set on the hosts of the H100 and H200 machines (16
// cores; the transfer threads' cap also on the two-H200 host's 32).  The
// limits of the GBGPU_XFER_* knobs (what core/environment.c accepts) are not
// tuning: they are with the knobs, in transfer_knobs.cuh.

#ifndef GBGPU_MEMORY_TUNING_CUH
#define GBGPU_MEMORY_TUNING_CUH

#include <cstdint>

namespace gbgpu {

//------------------------------------------------------------------------------
// staging (staging.cu, transfer.cu, bitmap_upload.cu)
//------------------------------------------------------------------------------

// Slots of a staging area: the host fills or drains one while the chunks in
// the other two cross the bus.
constexpr int N_SLOTS = 3 ;

// Staging areas at most, one a transfer: bounds the pinned memory kept (2 x
// 96 MiB by default); a third concurrent transfer waits for one.
constexpr int MAX_AREAS = 2 ;

// A slot's bytes unless GBGPU_XFER_CHUNK says (knobs.cu): an area of 96 MiB;
// v0.11's download measurements (H100) ran with it.
constexpr int64_t DEFAULT_SLOT_BYTES = int64_t (32) << 20 ;

//------------------------------------------------------------------------------
// host threads (host_threads.cuh)
//------------------------------------------------------------------------------

// Host threads of a chunk's copy unless GBGPU_XFER_THREADS says, fewer on
// fewer cores.  A large download is bound by faulting in and filling host
// pages, which scales with threads: on 32 cores, 32 threads against 16 took
// grid3d27:100's A*A end to end from 81 to 72 ms on one H200 and from 79 to
// 63 ms split over two (bench/RESULTS.md, 2026-11-28).
constexpr int DEFAULT_TRANSFER_THREADS = 32 ;

// A host thread's part of a chunk: at least this many bytes on the bus, so
// that handing a part over costs little beside its copy (a guess).
constexpr int64_t PART_BYTES = int64_t (1) << 20 ;

// ... and never less than this, however small the slots (tests set 4 KiB).
constexpr int64_t MIN_PART_BYTES = 256 ;

// A part starts at a multiple of this many elements: 16-byte aligned in the
// host array when the array is, as streaming stores want.
constexpr int64_t PART_ALIGN = 16 ;

// A worker spins this long for the next job before it sleeps: the next
// chunk usually comes within a millisecond.
constexpr int WORKER_SPIN_MICROSECONDS = 200 ;

//------------------------------------------------------------------------------
// side streams (streams.cu)
//------------------------------------------------------------------------------

// Side streams a host thread takes for the bins of a phase, reused in turn
// past that many launches: a phase has at most 13 bins, and a few of them
// hold most of its time (a guess).
constexpr int SIDE_STREAMS = 8 ;

}   // namespace gbgpu

#endif
