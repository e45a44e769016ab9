/**
 * Temporal's OpenTelemetry interceptors (@temporalio/interceptors-opentelemetry): the API's workflow client starts
 * spans and passes their context in workflow headers; the worker continues them in workflows (spans leave the
 * workflow sandbox through the `exporter` sink) and in activities.
 */
import { createRequire } from 'node:module';
import type { ClientInterceptors } from '@temporalio/client';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { InjectedSinks, WorkerOptions } from '@temporalio/worker';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry';
import type { Config } from '../config';
import type { Tracing } from './tracing';

/**
 * The workflow interceptor module, always part of the workflow bundle (worker/bundle-workflows.ts and bundling at
 * start), so a prebuilt bundle serves with tracing on or off and switching tracing changes no workflow code. With
 * tracing off its spans go to a sink that drops them.
 */
export const WORKFLOW_TRACING_INTERCEPTOR_MODULE = createRequire(import.meta.url).resolve(
  '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors',
);

/** The workflow client's interceptors: the tracing one when tracing is on, none otherwise. */
export function temporalClientInterceptors(
  config: Pick<Config, 'observability'>,
): ClientInterceptors | undefined {
  if (config.observability.otlpTracesUrl === null) return undefined;
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

const DROPPING_SINKS: InjectedSinks<OpenTelemetrySinks> = {
  exporter: { export: { fn: () => {}, callDuringReplay: false } },
};

/**
 * The worker's tracing options: the workflow interceptor module (used when the worker bundles at start), the sink
 * that exports workflow spans (dropping them with tracing off) and, with tracing on, the activity interceptors.
 */
export function workerTracingOptions(tracing: Tracing | null): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  if (tracing === null) {
    return {
      interceptors: { workflowModules: [WORKFLOW_TRACING_INTERCEPTOR_MODULE] },
      sinks: DROPPING_SINKS,
    };
  }
  return {
    interceptors: {
      workflowModules: [WORKFLOW_TRACING_INTERCEPTOR_MODULE],
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}
