! tracer-fortran.f90: an MPI program in Fortran (mpif.h bindings), whose
! calls the tracer's test knows: a ring of blocking sends, a halo of
! non-blocking ones, a receive from MPI_ANY_SOURCE, a sendrecv,
! collectives, and a reduction in place.
!
! SPDX-License-Identifier: GPL-3.0-or-later
program tracer_fortran
  implicit none
  include 'mpif.h'
  integer :: rank, p, ierr, right, left, i, req(4), st(MPI_STATUS_SIZE), counts(64), displs(64)
  logical :: done
  double precision :: a(1000), b(1000), s, x(4)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, p, ierr)
  right = mod(rank + 1, p)
  left = mod(rank + p - 1, p)
  a = rank
  s = 0
  do i = 1, 200000
    s = s + sqrt(dble(i))
  end do

  ! a ring of 100 doubles, tag 11
  if (mod(rank, 2) == 0) then
    call MPI_Send(a, 100, MPI_DOUBLE_PRECISION, right, 11, MPI_COMM_WORLD, ierr)
    call MPI_Recv(b, 100, MPI_DOUBLE_PRECISION, left, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  else
    call MPI_Recv(b, 100, MPI_DOUBLE_PRECISION, left, 11, MPI_COMM_WORLD, st, ierr)
    call MPI_Send(a, 100, MPI_DOUBLE_PRECISION, right, 11, MPI_COMM_WORLD, ierr)
  end if

  ! a halo of 1000 doubles both ways, tag 22
  call MPI_Irecv(b, 1000, MPI_DOUBLE_PRECISION, left, 22, MPI_COMM_WORLD, req(1), ierr)
  call MPI_Irecv(x, 1, MPI_DOUBLE_PRECISION, right, 23, MPI_COMM_WORLD, req(2), ierr)
  call MPI_Isend(a, 1000, MPI_DOUBLE_PRECISION, right, 22, MPI_COMM_WORLD, req(3), ierr)
  call MPI_Isend(a, 1, MPI_DOUBLE_PRECISION, left, 23, MPI_COMM_WORLD, req(4), ierr)
  call MPI_Waitall(4, req, MPI_STATUSES_IGNORE, ierr)

  ! rank 0 receives from everyone else, from MPI_ANY_SOURCE, tag 33
  if (rank == 0) then
    do i = 1, p - 1
      call MPI_Recv(x, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, 33, MPI_COMM_WORLD, st, ierr)
    end do
  else
    call MPI_Send(a, 1, MPI_DOUBLE_PRECISION, 0, 33, MPI_COMM_WORLD, ierr)
  end if

  call MPI_Sendrecv(a, 8, MPI_DOUBLE_PRECISION, right, 55, b, 8, MPI_DOUBLE_PRECISION, left, 55, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Bcast(a, 500, MPI_DOUBLE_PRECISION, 1, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Reduce(s, x, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  call MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, 2, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)

  ! requests completed by MPI_Testall in a loop, tag 66
  call MPI_Irecv(b, 10, MPI_DOUBLE_PRECISION, left, 66, MPI_COMM_WORLD, req(1), ierr)
  call MPI_Isend(a, 10, MPI_DOUBLE_PRECISION, right, 66, MPI_COMM_WORLD, req(2), ierr)
  done = .false.
  do while (.not. done)
    call MPI_Testall(2, req, done, MPI_STATUSES_IGNORE, ierr)
  end do

  ! v-collectives and scans: rank i gives i + 1 values
  do i = 1, p
    counts(i) = i
    displs(i) = (i - 1) * p
  end do
  call MPI_Allgatherv(a, rank + 1, MPI_DOUBLE_PRECISION, b, counts, displs, MPI_DOUBLE_PRECISION, &
                      MPI_COMM_WORLD, ierr)
  call MPI_Scan(s, x, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program tracer_fortran
