import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createRawActivities } from './raw-activities';

/**
 * Worker process of the yardstick (a child of `bench/engine/main.ts`): polls RAW_TASK_QUEUE with the prebuilt
 * bundle at RAW_BUNDLE_PATH, its activities signalling through their own client.
 */
async function main(): Promise<void> {
  const address = process.env.TEMPORAL_ADDRESS!;
  const taskQueue = process.env.RAW_TASK_QUEUE!;
  const connection = await NativeConnection.connect({ address });
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: { codePath: process.env.RAW_BUNDLE_PATH! },
    activities: createRawActivities(client),
  });
  console.log('worker polling');
  await worker.run();
  await clientConnection.close();
  await connection.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
