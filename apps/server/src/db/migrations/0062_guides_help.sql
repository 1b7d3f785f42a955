CREATE TABLE "buyer_sms_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "buyer_sms_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"event" text NOT NULL,
	"template_id" bigint NOT NULL,
	"order_id" bigint,
	"order_code" text,
	"source_key" text NOT NULL,
	"mobile" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_sms_logs_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "buyer_sms_templates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "buyer_sms_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"event" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_sms_templates_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "help_manuals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_manuals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"section" text NOT NULL,
	"lang" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"video_url" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_manuals_section_check" CHECK ("help_manuals"."section" in ('GETTING_STARTED', 'TUTORIAL', 'VIDEO', 'ISSUES', 'CHANGELOG')),
	CONSTRAINT "help_manuals_kind_check" CHECK ("help_manuals"."kind" in ('DIR', 'ARTICLE', 'FAQ', 'VIDEO')),
	CONSTRAINT "help_manuals_lang_check" CHECK ("help_manuals"."lang" in ('zh', 'en'))
);
--> statement-breakpoint
ALTER TABLE "buyer_sms_logs" ADD CONSTRAINT "buyer_sms_logs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_sms_templates" ADD CONSTRAINT "buyer_sms_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_sms_logs_source_key" ON "buyer_sms_logs" USING btree ("domain_id","event","source_key");--> statement-breakpoint
CREATE INDEX "buyer_sms_logs_time_idx" ON "buyer_sms_logs" USING btree ("domain_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_sms_templates_event_key" ON "buyer_sms_templates" USING btree ("domain_id","event");--> statement-breakpoint
CREATE INDEX "help_manuals_tree_idx" ON "help_manuals" USING btree ("lang","section","parent_id","sort_index");
--> statement-breakpoint
-- The help centre's first content: getting started with this product, in Chinese and English.
DO $seed$
DECLARE dir bigint;
BEGIN
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('GETTING_STARTED', 'zh', 'DIR', $m$开始使用$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'zh', 'ARTICLE', $m$订单闭环总览$m$, $m$<p>一张订单从进入系统到发出，要经过下面几步。首页的<b>新手清单</b>会检查每一步需要的设置是否已经完成，没完成的项可以直接点进去设置。</p>
<ol>
<li><b>店铺授权</b>（基础配置 → 店铺管理）：授权后系统每 5 分钟拉取一次店铺订单，也可以在订单列表手动同步。线下店铺和自定义店铺无需授权。</li>
<li><b>商品对应</b>（商品 → 线上商品对应）：线上 SKU 要对应到系统 SKU，否则订单会进入“异常”页签。可以按编码一键全部匹配。</li>
<li><b>仓库</b>（基础配置 → 仓库管理）：订单按仓库匹配规则进入仓库，发货地址取自仓库。</li>
<li><b>库存</b>（库存 → 创建入库单）：审核订单时按可用库存（在库 − 占用）占用库存；没有库存的订单会被标记“缺”。</li>
<li><b>快递公司</b>（基础配置 → 快递公司）：选择你合作的快递公司，快递选择框里才有数据。</li>
<li><b>电子面单账号</b>（物流 → 电子面单账号）：打印快递单时从这里取运单号。</li>
<li><b>快递规则</b>（物流 → 快递规则）：按 SKU、关键字、店铺、重量、地区为订单自动选择快递。没有规则时订单会停在异常里，提示“未匹配到快递”。</li>
</ol>
<p>设置完成后，订单依次经过：<b>审核</b>（占用库存）→ <b>打印</b>（取号并打印快递单）→ <b>验货发货</b> → <b>已发货</b>，发货后运单号由后台任务回传到店铺。</p>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'zh', 'ARTICLE', $m$用沙箱店铺试运行$m$, $m$<p>系统自带一个<b>沙箱电商平台</b>和一个<b>沙箱快递公司</b>，不接真实平台也能把整个流程走一遍。</p>
<ol>
<li>在<a href="#/config/storemanagement">店铺管理</a>新建线上店铺，平台选择沙箱平台，在授权页同意授权。</li>
<li>沙箱平台的控制台可以生成商品和订单；同步后，商品出现在<a href="#/goods/mapping">线上商品对应</a>，订单出现在订单列表。</li>
<li>在<a href="#/config/accounts">电子面单账号</a>添加一个沙箱账号，它会给出不重复的运单号和路由信息。</li>
<li>审核、打印、发货后，在“快递跟踪”页签可以看到包裹从揽收、运输到签收的轨迹。</li>
</ol>
<p>沙箱只影响你自己的账号数据，可以放心反复试验。</p>$m$, 1);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'zh', 'ARTICLE', $m$库存：入库、占用与同步$m$, $m$<p>每个仓库、库位、SKU 有一条库存余额：<b>在库</b>和<b>占用</b>，可用 = 在库 − 占用，永远不会小于 0。每一次变动都会写一条库存流水，写明是哪张单据引起的。</p>
<ul>
<li><b>入库</b>：在“创建入库单”填写商品和数量，收货后在库增加，并按移动加权平均计算成本。</li>
<li><b>占用</b>：订单审核时占用库存；取消审核或关闭订单会释放占用。</li>
<li><b>发货</b>：订单发货时，在库和占用同时减少。</li>
<li><b>盘点与调拨</b>：盘点按实盘数量修正在库；调拨把库存从一个仓库移到另一个仓库。</li>
<li><b>库存同步</b>：按“可用 × 比例 − 安全库存”把库存同步到店铺，同步记录可以在日志里查看并重试。</li>
</ul>$m$, 2);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'zh', 'ARTICLE', $m$打印与发货$m$, $m$<p><b>打印</b>：在订单的“打印”页签选择订单，系统从电子面单账号取运单号，按打印模板的实际毫米尺寸打印快递单（可以在打印对话框里另存为 PDF）。打印每 10 单一批，可随时停止，每次打印都会记入打印日志。</p>
<p><b>打印模板</b>：在<a href="#/config/templates">打印模板</a>里有五种系统尺寸，也可以用可视化编辑器自定义快递单和发货单。</p>
<p><b>验货发货</b>：扫描运单号后逐件扫描商品，错件、多件会被拒绝并提示音；也可以称重发货。</p>
<p><b>发货</b>：发货后库存从在库和占用中扣减，运单号由后台任务回传到店铺，回传进度在页面顶部提示，失败的可以在“异常”里重试。</p>$m$, 3);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('TUTORIAL', 'zh', 'DIR', $m$配置教程$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'TUTORIAL', 'zh', 'ARTICLE', $m$设置快递规则$m$, $m$<p>快递规则决定订单自动使用哪家快递。规则类型有：按 SKU、按关键字、按店铺、按重量、按地区，系统按你设定的类型顺序依次尝试，并避开停发区域。</p>
<ol><li>先在“快递公司”里选择合作的快递。</li><li>在<a href="#/config/logistics-rules">快递规则</a>新建规则，选择快递和条件。</li><li>已经进入异常的订单，可以在“异常”页签选择“重新匹配快递”。</li></ol>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'TUTORIAL', 'zh', 'ARTICLE', $m$买家短信通知$m$, $m$<p>主账号可以在“短信”菜单设置给买家的通知短信：<b>已发货</b>、<b>派送中</b>、<b>退款完成</b>。每个模板可以使用变量，例如 {storeName}、{receiverName}、{orderCode}、{expressCompany}、{expressNo}、{refundFee}。</p>
<p>只有<b>启用</b>的模板才会发送；收件人没有手机号的订单不发送；同一订单同一事件只发送一次。发送记录和数量可在发送记录里查看。</p>$m$, 1);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('ISSUES', 'zh', 'DIR', $m$常见问题$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'zh', 'FAQ', $m$订单为什么在异常里提示“未匹配到快递”？$m$, $m$<p>没有任何启用的快递规则能匹配这张订单。请在<a href="#/config/logistics-rules">快递规则</a>中添加规则（或检查停发区域），然后在异常页签选择订单“重新匹配快递”。</p>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'zh', 'FAQ', $m$选择快递时为什么只显示“暂无数据”？$m$, $m$<p>还没有选择合作的快递公司。请在<a href="#/config/expressCompany">快递公司</a>里添加快递公司。</p>$m$, 1);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'zh', 'FAQ', $m$审核订单时为什么提示缺货？$m$, $m$<p>订单仓库里该 SKU 的可用库存（在库 − 占用）不足。请先入库，或把订单改到有货的仓库，或拆分订单。</p>$m$, 2);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'zh', 'FAQ', $m$线上商品为什么显示“待对应”？$m$, $m$<p>线上 SKU 还没有对应的系统 SKU。可以在<a href="#/goods/mapping">线上商品对应</a>按编码全部匹配，或者手动选择系统 SKU，也可以用线上商品直接生成系统商品。</p>$m$, 3);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'zh', 'FAQ', $m$为什么买家没有收到发货短信？$m$, $m$<p>请检查：短信模板是否已启用；订单收件人是否有正确的手机号；该订单是否已经发送过同一事件的短信。自托管安装中，短信写入发件箱，由管理员接入短信网关。</p>$m$, 4);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('CHANGELOG', 'zh', 'DIR', $m$更新日志$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'CHANGELOG', 'zh', 'ARTICLE', $m$0.1.0$m$, $m$<ul><li>订单：店铺拉单、手工建单、Excel 导入、审核、合并、拆分、打印、验货发货、称重发货、快递跟踪。</li><li>库存：入库、出库、调拨、盘点、库存同步和沙箱仓储系统。</li><li>新手清单、帮助中心和买家短信通知。</li></ul>$m$, 0);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('GETTING_STARTED', 'en', 'DIR', $m$Getting started$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'en', 'ARTICLE', $m$The order loop at a glance$m$, $m$<p>An order goes through the steps below from the moment it arrives to the moment it ships. The <b>setup checklist</b> on the home page checks whether each step is set up; click an unfinished item to set it up.</p>
<ol>
<li><b>Authorise a store</b> (Configuration → Stores): an authorised store's orders are pulled every 5 minutes, or on request from the order list. Offline and self-defined stores need no authorisation.</li>
<li><b>Map online goods</b> (Goods → Online goods mapping): every online SKU needs its system SKU, or its orders go to the Exceptions tab. "Match all by code" does most of it at once.</li>
<li><b>Warehouse</b> (Configuration → Warehouses): orders are matched to a warehouse, and parcels leave from its address.</li>
<li><b>Stock</b> (Stock → Create inbound notice): reviewing an order allocates available stock (on hand − allocated); an order without stock is tagged 缺 (out of stock).</li>
<li><b>Express companies</b> (Configuration → Express companies): choose the carriers you work with, or the courier pickers stay empty.</li>
<li><b>Waybill account</b> (Logistics → Waybill accounts): printing takes tracking numbers from it.</li>
<li><b>Courier rules</b> (Logistics → Courier rules): choose the courier by SKU, keyword, store, weight or area. Without a rule, orders wait in Exceptions with "no courier matched".</li>
</ol>
<p>Once set up, an order goes <b>Review</b> (allocates stock) → <b>Print</b> (takes a tracking number and prints the label) → <b>Check and send</b> → <b>Sent</b>; the tracking number is then fed back to the store in the background.</p>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'en', 'ARTICLE', $m$Try it with the sandbox store$m$, $m$<p>The product comes with a <b>sandbox marketplace</b> and a <b>sandbox carrier</b>, so the whole loop can be tried without a real marketplace.</p>
<ol>
<li>In <a href="#/config/storemanagement">Stores</a>, create an online store on the sandbox platform and agree on its consent page.</li>
<li>The sandbox console makes items and orders; after a sync the items appear in <a href="#/goods/mapping">Online goods mapping</a> and the orders in the order list.</li>
<li>In <a href="#/config/accounts">Waybill accounts</a>, add a sandbox account: it gives unique tracking numbers and routing data.</li>
<li>Review, print and ship; the Express tracking tab then shows the parcel collected, in transit and signed for.</li>
</ol>
<p>The sandbox only touches your own account's data: try as often as you like.</p>$m$, 1);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'en', 'ARTICLE', $m$Stock: inbound, allocation and sync$m$, $m$<p>Each warehouse, location and SKU has one balance: <b>on hand</b> and <b>allocated</b>; available = on hand − allocated and never goes below zero. Every movement writes a ledger row naming the document that caused it.</p>
<ul>
<li><b>Inbound</b>: enter goods and quantities on an inbound notice; receiving adds to on hand and updates the moving-average cost.</li>
<li><b>Allocation</b>: reviewing an order allocates its stock; cancelling the review or closing the order releases it.</li>
<li><b>Shipping</b>: shipping an order takes its quantity out of on hand and allocated together.</li>
<li><b>Stock checks and transfers</b>: a check corrects on hand to the counted quantity; a transfer moves stock between warehouses.</li>
<li><b>Stock sync</b>: pushes available × ratio − safety stock to the stores, with a log and retries.</li>
</ul>$m$, 2);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'GETTING_STARTED', 'en', 'ARTICLE', $m$Printing and shipping$m$, $m$<p><b>Printing</b>: on the order list's Print tab, choose orders; a tracking number is taken from the waybill account and the label printed at the template's exact size in millimetres (save as PDF from the print dialog). Printing runs 10 orders at a time, can be stopped, and is written to the print log.</p>
<p><b>Print templates</b>: <a href="#/config/templates">Print templates</a> has the five system sizes and a visual editor for your own waybill and packing-list templates.</p>
<p><b>Check and send</b>: scan the tracking number, then each item; a wrong or extra item is refused with a sound. Weigh-and-send is also available.</p>
<p><b>Sending</b>: stock leaves on hand and allocated; tracking numbers go back to the stores in the background, with a progress notice at the top of the page and failures to retry under Exceptions.</p>$m$, 3);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('TUTORIAL', 'en', 'DIR', $m$Tutorials$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'TUTORIAL', 'en', 'ARTICLE', $m$Setting courier rules$m$, $m$<p>Courier rules decide which carrier an order uses. Rule types: by SKU, by keyword, by store, by weight and by area; they are tried in the order you set, and stop-shipping areas are respected.</p>
<ol><li>Choose your carriers under Express companies first.</li><li>Create a rule in <a href="#/config/logistics-rules">Courier rules</a> with its carrier and conditions.</li><li>Orders already in Exceptions: choose them and "match courier again".</li></ol>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'TUTORIAL', 'en', 'ARTICLE', $m$Buyer SMS notifications$m$, $m$<p>A main account sets the texts sent to buyers in the SMS menu: <b>shipped</b>, <b>out for delivery</b> and <b>refund done</b>. Templates use variables such as {storeName}, {receiverName}, {orderCode}, {expressCompany}, {expressNo} and {refundFee}.</p>
<p>Only <b>enabled</b> templates send; an order whose receiver has no mobile number gets none; an order gets one text per event. The send log shows every text and the counts.</p>$m$, 1);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('ISSUES', 'en', 'DIR', $m$Common questions$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'en', 'FAQ', $m$Why does an order in Exceptions say "no courier matched"?$m$, $m$<p>No enabled courier rule matches the order. Add a rule in <a href="#/config/logistics-rules">Courier rules</a> (or check the stop-shipping areas), then choose the order under Exceptions and match the courier again.</p>$m$, 0);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'en', 'FAQ', $m$Why does the courier picker say "No data"?$m$, $m$<p>No carrier has been chosen yet. Add your carriers in <a href="#/config/expressCompany">Express companies</a>.</p>$m$, 1);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'en', 'FAQ', $m$Why does reviewing an order say it is out of stock?$m$, $m$<p>The available stock (on hand − allocated) of the SKU in the order's warehouse is too low. Receive stock first, move the order to a warehouse that has it, or split the order.</p>$m$, 2);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'en', 'FAQ', $m$Why is an online item "waiting for mapping"?$m$, $m$<p>Its online SKU has no system SKU yet. In <a href="#/goods/mapping">Online goods mapping</a>, match all by code, choose the system SKU by hand, or create system goods from the online item.</p>$m$, 3);
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'ISSUES', 'en', 'FAQ', $m$Why did a buyer get no shipping text?$m$, $m$<p>Check that the template is enabled, that the order's receiver has a valid mobile number, and that the order has not already had a text for the same event. In a self-hosted install texts go to the outbox until the administrator connects an SMS gateway.</p>$m$, 4);
  INSERT INTO help_manuals (section, lang, kind, title, sort_index) VALUES ('CHANGELOG', 'en', 'DIR', $m$Change log$m$, 0) RETURNING id INTO dir;
  INSERT INTO help_manuals (parent_id, section, lang, kind, title, content, sort_index) VALUES (dir, 'CHANGELOG', 'en', 'ARTICLE', $m$0.1.0$m$, $m$<ul><li>Orders: pulled from stores, entered by hand, imported from Excel; review, merge, split, print, check and send, weigh and send, courier tracking.</li><li>Stock: inbound, outbound, transfers, stock checks, stock sync and the sandbox warehouse system.</li><li>The setup checklist, the help centre and buyer SMS notifications.</li></ul>$m$, 0);
END
$seed$;
