import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';

/**
 * A minimal MCP Apps host for the browser test, built on the package's own
 * host-side bridge and bundled into the host page: it loads the app's page
 * into a sandboxed frame, hands it the tool's input and result, and passes
 * the app's tool calls on to `window.callTool` (the test's real MCP client).
 */

interface HostStart {
  appUrl: string;
  theme: 'light' | 'dark';
  input: Record<string, unknown>;
  result: CallToolResult;
}

declare global {
  interface Window {
    callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
    startHost(start: HostStart): Promise<void>;
    hostReady: boolean;
    /** The last height the app asked for. */
    appHeight: number;
  }
}

window.startHost = async ({ appUrl, theme, input, result }) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'get_report';
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'content-api test host', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: { theme, displayMode: 'inline', platform: 'web' } },
  );
  bridge.oncalltool = (params) => window.callTool(params.name, params.arguments ?? {});
  bridge.onsizechange = ({ height }) => {
    if (height === undefined) return;
    frame.style.height = `${height}px`;
    window.appHeight = height;
  };
  bridge.oninitialized = () => {
    void bridge
      .sendToolInput({ arguments: input })
      .then(() => bridge.sendToolResult(result))
      .then(() => (window.hostReady = true));
  };
  // The frame's window exists (about:blank) before its page loads, and stays the same object.
  const view = frame.contentWindow;
  if (view === null) throw new Error('the frame has no window');
  await bridge.connect(new PostMessageTransport(view, view));
  frame.src = appUrl;
};
