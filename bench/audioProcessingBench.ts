import { masterPlan } from '../server/media/masterSynthesis';
import { processMaster } from '../server/media/processing/processMaster';
import { renderMasterOffThread } from '../server/media/renderMasterOffThread';
import { demoLoopOf } from '../server/seed/demoCatalogue';
import { beat, type MasterKind, writeMaster } from '../test/helpers/audioFixtures';
import { type Metric, standalone } from './metric';
import { mean, timeMs } from './stats';
import { withTempDir } from './tempDir';

const MASTER_SECONDS = 180;
const RATE = 44_100;
const RUNS = 2;

/**
 * Processing an uploaded master as the upload job does (processMaster on its worker thread: sniff,
 * streamed decode, tagged and normalised 60 s preview as MP3, peaks), for a 3-minute 44.1 kHz
 * stereo master: as seconds of processing per minute of audio, and as a realtime factor. A WAV is
 * read only up to the preview's end; a FLAC is decoded to its end (for its real length).
 */
export async function audioProcessingBench(progress: (line: string) => void, options: { quick: boolean }): Promise<Metric[]> {
  // Quick: one run of a 20 s master (its preview is then 20 s too).
  const runs = options.quick ? 1 : RUNS;
  const masterSeconds = options.quick ? 20 : MASTER_SECONDS;
  return withTempDir('audio', async (dir) => {
    const pcm = beat(masterSeconds, RATE);
    const metrics: Metric[] = [];
    for (const kind of ['wav16', 'flac'] as MasterKind[]) {
      const file = writeMaster(dir, 'master', kind, pcm, RATE);
      progress(`audio processing: ${runs} runs of a ${masterSeconds} s ${kind} master`);
      const samples: number[] = [];
      for (let run = 0; run < runs; run++) samples.push(
          await timeMs(async () => {
            await processMaster(file);
          }),
        );
      const seconds = mean(samples) / 1000;
      const label = `process a ${masterSeconds / 60}-min 44.1 kHz stereo ${kind === 'flac' ? 'FLAC' : '16-bit WAV'} (preview + peaks): mean of ${runs}`;
      metrics.push(standalone(label, seconds / (masterSeconds / 60), 's per min of audio'));
      metrics.push(standalone(`${label}, realtime factor`, masterSeconds / seconds, 'x realtime'));
    }
    // A demo beat's master as the masters job renders it: on its worker thread, into local storage.
    const spec = demoLoopOf(1);
    const { durationSeconds } = masterPlan(spec);
    progress(`master rendering: ${runs} runs of a ${durationSeconds.toFixed(0)} s demo master`);
    const renders: number[] = [];
    for (let run = 0; run < runs; run++) {
      renders.push(await timeMs(async () => {
        await renderMasterOffThread(spec, `private/masters/bench-${run}.wav`, { dir, s3: null, filesUrl: '' });
      }));
    }
    const renderSeconds = mean(renders) / 1000;
    metrics.push(standalone(`render a demo beat's master (mono 16-bit 44.1 kHz WAV, worker thread, stored): mean of ${runs}`, renderSeconds / (durationSeconds / 60), 's per min of audio'));
    return metrics;
  });
}
