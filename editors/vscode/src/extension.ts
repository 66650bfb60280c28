// The reconcilelint extension starts `reconcilelint lsp` for Go files. Its diagnostics
// appear in the Problems list beside those of gopls (source "reconcilelint"), with the
// rule's documentation linked from the code, and quick fixes for suggested fixes and
// for an ignore directive.
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

function serverOptions(): ServerOptions {
  const cfg = vscode.workspace.getConfiguration('reconcilelint');
  const command = cfg.get<string>('path') || 'reconcilelint';
  return {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const cfg = vscode.workspace.getConfiguration('reconcilelint');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'go' }],
    initializationOptions: { debounceMillis: cfg.get<number>('debounceMillis', 300) },
    outputChannelName: 'reconcilelint',
  };
  client = new LanguageClient('reconcilelint', 'reconcilelint', serverOptions(), clientOptions);
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `reconcilelint: cannot start "${cfg.get<string>('path')} lsp": ${err}. ` +
        'Install it with `go install github.com/reconcilelint/reconcilelint/cmd/reconcilelint@VERSION` ' +
        'for a released VERSION (before the first release, `go install ./cmd/reconcilelint` in a checkout ' +
        'of the repository), or set reconcilelint.path to the binary.'
    );
  }
}

async function stop(): Promise<void> {
  if (client) {
    const c = client;
    client = undefined;
    await c.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('reconcilelint.restart', async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('reconcilelint')) {
        await stop();
        await start(context);
      }
    })
  );
  await start(context);
}

export function deactivate(): Thenable<void> | undefined {
  return stop();
}
