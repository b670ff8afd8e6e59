import { AwaitActionElement } from './await-element.tsx';
import { AwaitView } from './await-view.tsx';

/** The `await` action: the shopper approves the payment in their app while the widget waits. */
export class AwaitAction extends AwaitActionElement {
  static override type = 'await';

  renderView() {
    return <AwaitView element={this} />;
  }
}
