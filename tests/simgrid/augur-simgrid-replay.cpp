/* augur-simgrid-replay: replays time-independent traces (seed 004 format)
 * with SimGrid's S4U interface, following shared/design/REPLAY-SEMANTICS.md, to give
 * reference times for Augur's replay engine and to time SimGrid beside it.
 *
 * Not part of Augur's build.  Build against Debian's libsimgrid-dev (3.32)
 * with tests/simgrid/build.sh [OUTDIR], which runs:
 *   g++ -std=c++17 -O2 -o augur-simgrid-replay augur-simgrid-replay.cpp \
 *       $(pkg-config --cflags --libs simgrid) -lz
 *
 * Usage:
 *   augur-simgrid-replay PLATFORM.xml DEPLOYMENT.xml [TRACE] [--cfg=...]
 *     TRACE: one merged trace for every actor (plain or .gz).  Without it,
 *     each <actor> of the deployment gives its own trace file as its first
 *     <argument> (relative to the deployment file; plain or .gz).
 *   cm02: --cfg=network/model:CM02 --cfg=network/crosstraffic:0
 *   lv08: SimGrid's default (no option).
 *
 *   --timed=FILE (or - for stderr): one line per replayed action,
 *     "RANK START END ACTION-LINE", times with %.17g.
 *
 * Prints, to stdout:
 *   simulated_time T          (engine clock when the simulation ends)
 *   end NAME T                (clock when actor NAME replayed its last action)
 *   actions N                 (actions replayed)
 * with %.17g.
 *
 * The trace reader is SimGrid's own (simgrid::xbt::replay_runner): fields
 * split on runs of spaces/tabs, lines trimmed, blank lines and '#' lines
 * skipped.  Note that it drops a last line with no trailing newline.
 *
 * Semantics (one mailbox "src_dst" per ordered pair; every transfer is a
 * rendezvous in SimGrid):
 *   compute F     this_actor::execute(F)
 *   send pM S     S < 65536: detached put (the sender goes on at once);
 *                 S >= 65536: blocking put
 *   Isend pM S    detached put, never waited for
 *   recv pM [S]   blocking get
 *   Irecv pM [S]  get_async, pushed on a stack
 *   wait          waits for the most recent pending Irecv (LIFO)
 *   barrier       s4u::Barrier of comm_size actors
 *   bcast S       p0: put_async S to p1..p(n-1), then waits for all;
 *                 others: blocking get from p0
 *   reduce S F    others: blocking put of S to p0; p0: get_async from all,
 *                 waits for all, then execute(F)
 *   allReduce S F reduce then bcast (own mailboxes)
 *   comm_size N   sets the communicator size for collectives
 *   sleep D       this_actor::sleep_for(D)
 *   init, finalize: nothing
 */

#include <simgrid/s4u.hpp>
#include <xbt/replay.hpp>

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace s4u = simgrid::s4u;
using simgrid::xbt::ReplayAction;

static const double EAGER_THRESHOLD = 65536.0;

struct ActorState {
  struct PendingRecv {
    s4u::CommPtr comm;
    std::unique_ptr<int*> buffer;
  };
  std::vector<PendingRecv> irecvs; /* LIFO */
  unsigned bcast_counter     = 0;
  unsigned reduce_counter    = 0;
  unsigned allreduce_counter = 0;
};

static int communicator_size = 0;
static s4u::BarrierPtr barrier;
static int barrier_size = 0;
static int payload_token = 42; /* the data every message carries (a pointer to it) */
static std::unordered_map<long, ActorState> states;
static std::map<std::string, double> end_times;
static std::vector<std::string> temp_files;
static unsigned long long n_actions = 0;
static std::string deployment_dir;
static FILE* timed_out = nullptr; /* --timed=FILE: one line per action */

static ActorState& self_state()
{
  return states[s4u::this_actor::get_pid()];
}

static double parse_double(const ReplayAction& action, size_t index)
{
  if (index >= action.size()) {
    fprintf(stderr, "augur-simgrid-replay: %s %s: missing parameter %zu\n", action[0].c_str(), action[1].c_str(),
            index - 1);
    exit(2);
  }
  const char* s = action[index].c_str();
  char* end     = nullptr;
  errno         = 0;
  double v      = strtod(s, &end);
  if (end == s || *end != '\0' || errno != 0 || v < 0) {
    fprintf(stderr, "augur-simgrid-replay: %s %s: '%s' is not a non-negative number\n", action[0].c_str(),
            action[1].c_str(), s);
    exit(2);
  }
  return v;
}

static s4u::Mailbox* mailbox(const std::string& from, const std::string& to)
{
  return s4u::Mailbox::by_name(from + "_" + to);
}

static void detached_put(s4u::Mailbox* mb, double size)
{
  mb->put_init(&payload_token, static_cast<uint64_t>(size))->detach();
}

static void blocking_put(s4u::Mailbox* mb, double size)
{
  mb->put(&payload_token, static_cast<uint64_t>(size));
}

static void blocking_get(s4u::Mailbox* mb)
{
  (void)mb->get<int>();
}

static void need_comm_size(const ReplayAction& action)
{
  if (communicator_size <= 0) {
    fprintf(stderr, "augur-simgrid-replay: %s %s: comm_size must come before any collective\n", action[0].c_str(),
            action[1].c_str());
    exit(2);
  }
}

static void count(ReplayAction&)
{
  n_actions++;
}

static void action_compute(ReplayAction& a)
{
  count(a);
  s4u::this_actor::execute(parse_double(a, 2));
}

static void action_send(ReplayAction& a)
{
  count(a);
  double size = parse_double(a, 3);
  s4u::Mailbox* mb = mailbox(a[0], a.at(2));
  if (size < EAGER_THRESHOLD)
    detached_put(mb, size);
  else
    blocking_put(mb, size);
}

static void action_Isend(ReplayAction& a)
{
  count(a);
  detached_put(mailbox(a[0], a.at(2)), parse_double(a, 3));
}

static void action_recv(ReplayAction& a)
{
  count(a);
  blocking_get(mailbox(a.at(2), a[0]));
}

static void action_Irecv(ReplayAction& a)
{
  count(a);
  ActorState& st = self_state();
  ActorState::PendingRecv p;
  p.buffer.reset(new int*(nullptr));
  p.comm = mailbox(a.at(2), a[0])->get_async<int>(p.buffer.get());
  st.irecvs.push_back(std::move(p));
}

static void action_wait(ReplayAction& a)
{
  count(a);
  ActorState& st = self_state();
  if (st.irecvs.empty()) {
    fprintf(stderr, "augur-simgrid-replay: %s wait: no pending Irecv\n", a[0].c_str());
    exit(2);
  }
  ActorState::PendingRecv p = std::move(st.irecvs.back());
  st.irecvs.pop_back();
  p.comm->wait();
}

static void action_barrier(ReplayAction& a)
{
  count(a);
  need_comm_size(a);
  if (!barrier || barrier_size != communicator_size) {
    barrier      = s4u::Barrier::create(communicator_size);
    barrier_size = communicator_size;
  }
  barrier->wait();
}

static void do_bcast(const std::string& me, const std::string& id, double size)
{
  if (me == "p0") {
    std::vector<s4u::CommPtr> comms;
    for (int i = 1; i < communicator_size; i++)
      comms.push_back(s4u::Mailbox::by_name(id + "_p0_p" + std::to_string(i))
                          ->put_async(&payload_token, static_cast<uint64_t>(size)));
    s4u::Comm::wait_all(comms);
  } else {
    blocking_get(s4u::Mailbox::by_name(id + "_p0_" + me));
  }
}

static void do_reduce(const std::string& me, const std::string& id, double size, double flops)
{
  if (me == "p0") {
    std::vector<s4u::CommPtr> comms;
    std::vector<std::unique_ptr<int*>> buffers;
    for (int i = 1; i < communicator_size; i++) {
      buffers.emplace_back(new int*(nullptr));
      comms.push_back(s4u::Mailbox::by_name(id + "_p" + std::to_string(i) + "_p0")->get_async<int>(buffers.back().get()));
    }
    s4u::Comm::wait_all(comms);
    s4u::this_actor::execute(flops);
  } else {
    blocking_put(s4u::Mailbox::by_name(id + "_" + me + "_p0"), size);
  }
}

static void action_bcast(ReplayAction& a)
{
  count(a);
  need_comm_size(a);
  double size = parse_double(a, 2);
  ActorState& st = self_state();
  do_bcast(a[0], "bcast_" + std::to_string(st.bcast_counter++), size);
}

static void action_reduce(ReplayAction& a)
{
  count(a);
  need_comm_size(a);
  double size  = parse_double(a, 2);
  double flops = parse_double(a, 3);
  ActorState& st = self_state();
  do_reduce(a[0], "reduce_" + std::to_string(st.reduce_counter++), size, flops);
}

static void action_allReduce(ReplayAction& a)
{
  count(a);
  need_comm_size(a);
  double size  = parse_double(a, 2);
  double flops = parse_double(a, 3);
  ActorState& st = self_state();
  std::string id = "allReduce_" + std::to_string(st.allreduce_counter++);
  do_reduce(a[0], id, size, flops);
  do_bcast(a[0], id, size);
}

static void action_comm_size(ReplayAction& a)
{
  count(a);
  communicator_size = static_cast<int>(parse_double(a, 2));
}

static void action_sleep(ReplayAction& a)
{
  count(a);
  s4u::this_actor::sleep_for(parse_double(a, 2));
}

static void action_nothing(ReplayAction& a)
{
  count(a);
}

static bool ends_with(const std::string& s, const char* suffix)
{
  size_t n = strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

/* SimGrid reads plain files only: a .gz trace is inflated to a temporary
 * file first (outside simulated time). */
static std::string plain_trace(const std::string& path)
{
  if (!ends_with(path, ".gz"))
    return path;
  gzFile in = gzopen(path.c_str(), "rb");
  if (!in) {
    fprintf(stderr, "augur-simgrid-replay: cannot open %s\n", path.c_str());
    exit(2);
  }
  char tmpl[] = "/tmp/augur-simgrid-replay-XXXXXX";
  int fd      = mkstemp(tmpl);
  if (fd < 0) {
    perror("mkstemp");
    exit(2);
  }
  FILE* out = fdopen(fd, "wb");
  char buf[1 << 16];
  int n;
  while ((n = gzread(in, buf, sizeof buf)) > 0)
    fwrite(buf, 1, n, out);
  if (n < 0) {
    fprintf(stderr, "augur-simgrid-replay: %s: corrupt gzip data\n", path.c_str());
    exit(2);
  }
  gzclose(in);
  fclose(out);
  temp_files.emplace_back(tmpl);
  return tmpl;
}

static std::string resolve(const std::string& file)
{
  if (file.empty() || file[0] == '/' || deployment_dir.empty())
    return file;
  return deployment_dir + "/" + file;
}

static void replayer(int argc, char** argv)
{
  std::string name = s4u::this_actor::get_name();
  if (argc > 1) {
    simgrid::xbt::replay_runner(name.c_str(), plain_trace(resolve(argv[1])).c_str());
  } else {
    simgrid::xbt::replay_runner(name.c_str());
  }
  end_times[name] = s4u::Engine::get_clock();
  /* The state stays: a never-waited Irecv's buffer must outlive its comm. */
}

/* Registers an action, wrapped to log "rank start end line" when --timed is on. */
static void register_action(const char* name, void (*fn)(ReplayAction&))
{
  xbt_replay_action_register(name, [fn](ReplayAction& a) {
    if (!timed_out) {
      fn(a);
      return;
    }
    double start = s4u::Engine::get_clock();
    std::string line;
    for (auto const& f : a)
      line += (line.empty() ? "" : " ") + f;
    fn(a);
    fprintf(timed_out, "%s %.17g %.17g %s\n", a[0].c_str(), start, s4u::Engine::get_clock(), line.c_str());
  });
}

int main(int argc, char* argv[])
{
  s4u::Engine e(&argc, argv);
  /* Our own options (SimGrid removed its --cfg and --log ones). */
  int kept = 1;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--timed=", 8) == 0) {
      timed_out = strcmp(argv[i] + 8, "-") == 0 ? stderr : fopen(argv[i] + 8, "w");
      if (!timed_out) {
        perror(argv[i] + 8);
        return 2;
      }
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (argc < 3) {
    fprintf(stderr, "Usage: %s PLATFORM.xml DEPLOYMENT.xml [TRACE] [--cfg=network/model:CM02 "
                    "--cfg=network/crosstraffic:0]\n",
            argv[0]);
    return 2;
  }
  std::string dep = argv[2];
  size_t slash    = dep.rfind('/');
  deployment_dir  = slash == std::string::npos ? "." : dep.substr(0, slash);

  e.load_platform(argv[1]);
  e.register_default(replayer);

  register_action("init", action_nothing);
  register_action("finalize", action_nothing);
  register_action("comm_size", action_comm_size);
  register_action("send", action_send);
  register_action("Isend", action_Isend);
  register_action("recv", action_recv);
  register_action("Irecv", action_Irecv);
  register_action("wait", action_wait);
  register_action("barrier", action_barrier);
  register_action("bcast", action_bcast);
  register_action("reduce", action_reduce);
  register_action("allReduce", action_allReduce);
  register_action("sleep", action_sleep);
  register_action("compute", action_compute);

  if (argc > 3)
    xbt_replay_set_tracefile(plain_trace(argv[3]));

  e.load_deployment(argv[2]);
  e.run();

  printf("simulated_time %.17g\n", s4u::Engine::get_clock());
  for (auto const& kv : end_times)
    printf("end %s %.17g\n", kv.first.c_str(), kv.second);
  printf("actions %llu\n", n_actions);
  for (auto const& t : temp_files)
    unlink(t.c_str());
  if (timed_out && timed_out != stderr)
    fclose(timed_out);
  return 0;
}
